import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';

/** Whether a property takes a whole row: tables, nested groups and long text. */
function isWide(schema: RJSFSchema | undefined, ui: Record<string, unknown> | undefined): boolean {
  if (!schema) return true;
  if (schema.type === 'array' || schema.type === 'object') return true;
  return ui?.['ui:widget'] === 'textarea' || ui?.['ui:field'] !== undefined;
}

/**
 * Lays an object's fields out in a grid, three to a row on wide screens, with tables,
 * groups and long text across the whole row.
 */
export default function ObjectGridTemplate(props: ObjectFieldTemplateProps) {
  const { title, properties, schema, uiSchema, fieldPathId } = props;
  const isRoot = fieldPathId.path.length === 0;
  const props_ = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  return (
    <Box sx={{ mb: isRoot ? 0 : 2 }}>
      {title && !isRoot && (
        <Typography variant="h6" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
      )}
      <Grid container columnSpacing={2} rowSpacing={2}>
        {properties.map((element) =>
          element.hidden ? (
            <Box key={element.name} sx={{ display: 'none' }}>
              {element.content}
            </Box>
          ) : (
            <Grid
              key={element.name}
              size={isWide(props_[element.name], uiSchema?.[element.name] as Record<string, unknown>) ? 12 : { xs: 12, sm: 6, md: 4 }}
            >
              {element.content}
            </Grid>
          ),
        )}
      </Grid>
    </Box>
  );
}
