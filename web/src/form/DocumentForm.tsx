import { memo, useMemo } from 'react';
import Form from '@rjsf/mui';
import type { ErrorSchema, FieldPathList, RJSFSchema, UiSchema } from '@rjsf/utils';
import type { IChangeEvent } from '@rjsf/core';
import { widgets } from '../widgets';
import { fields } from '../fields';
import { validator } from './validator';
import { liftLineItems } from './lineItems';
import ObjectGridTemplate from './ObjectGridTemplate';
import { BaseInputTemplate, FieldErrorTemplate, FieldTemplate } from './fieldTemplates';
import type { FormDocument } from '../api/types';

export interface DocumentFormProps {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: FormDocument;
  extraErrors: ErrorSchema;
  /** Nothing can be changed: a stored document whose state or mode allows no save. */
  readonly?: boolean;
  onChange: (formData: FormDocument) => void;
  /**
   * A line table hands rows to the form as a transition, and the form reports them only
   * once it has rendered them. Told the same rows in the same transition, the page's
   * document never lags behind the form's: an answer merged into it meanwhile (evaluate)
   * cannot hand the form a document without them.
   */
  onHandOver?: HandOver;
}

/** What a line table hands the form: its rows, at its path. */
export type HandOver = (path: FieldPathList, rows: unknown) => void;

/** What the form's fields find in registry.formContext. */
export interface DocumentFormContext {
  handOver?: HandOver;
}

const templates = { ObjectFieldTemplate: ObjectGridTemplate, FieldTemplate, FieldErrorTemplate, BaseInputTemplate };

// rjsf would take the first option of every enumeration (oneOf of consts) as its
// default: a new row would start with flag "D" and the head with a status. Only real
// consts (head.docType) are defaults; the server's evaluate call supplies the others.
const defaultFormStateBehavior = { constAsDefaults: 'skipOneOf' } as const;

/**
 * The rjsf form: a pure renderer of schema, uiSchema, formData and the server's errors.
 * It neither validates live nor submits; the page's toolbar saves.
 */
function DocumentForm({ schema, uiSchema, formData, extraErrors, readonly = false, onChange, onHandOver }: DocumentFormProps) {
  const given = useMemo(() => {
    const lifted = liftLineItems(schema, uiSchema);
    return { schema: lifted.schema, uiSchema: { ...lifted.uiSchema, 'ui:submitButtonOptions': { norender: true } } };
  }, [schema, uiSchema]);
  const formContext = useMemo<DocumentFormContext>(() => ({ handOver: onHandOver }), [onHandOver]);
  return (
    <Form
      schema={given.schema}
      uiSchema={given.uiSchema}
      formData={formData}
      validator={validator}
      formContext={formContext}
      widgets={widgets}
      fields={fields}
      templates={templates}
      extraErrors={extraErrors}
      readonly={readonly}
      experimental_defaultFormStateBehavior={defaultFormStateBehavior}
      liveValidate={false}
      showErrorList={false}
      noHtml5Validate
      onChange={(e: IChangeEvent<FormDocument>) => onChange(e.formData as FormDocument)}
      onSubmit={() => undefined}
    />
  );
}

export default memo(DocumentForm);
