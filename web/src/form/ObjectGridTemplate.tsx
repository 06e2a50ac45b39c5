import Box from '@mui/material/Box';
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
  // The grid is static CSS (boxStyles: .fw-grid), not a Grid component per field: a form has dozens.
  return (
    <Box sx={{ mb: isRoot ? 0 : 2 }}>
      {title && !isRoot && (
        <Typography variant="h6" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
      )}
      <div className="fw-grid">
        {properties.map((element) =>
          element.hidden ? (
            <div key={element.name} style={{ display: 'none' }}>
              {element.content}
            </div>
          ) : (
            <div
              key={element.name}
              className="fw-grid-cell"
              data-width={isWide(props_[element.name], uiSchema?.[element.name] as Record<string, unknown>) ? undefined : 'third'}
            >
              {element.content}
            </div>
          ),
        )}
      </div>
    </Box>
  );
}
