// One extracted value in the Extracted Data dialog: where it came from ("from slide N"), whether it needs a
// look ("check this"), whether a person corrected it ("edited"), and the inline editor to correct it.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge, Input, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Edit16Regular } from '@fluentui/react-icons';
import type { TFieldEvidence } from '@dealflow/contracts';
import { Button } from '@dealflow/web-kit';
import type { TCorrection, TEmailRecord, TExtractedField } from '../lib/records-api.js';
import { LOW_CONFIDENCE } from '../lib/records-format.js';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '6px' },
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '6px' },
  input: { minWidth: '200px', flexGrow: 1 },
  error: { color: tokens.colorPaletteRedForeground1, width: '100%', margin: 0 },
});

type TFieldValue = string | number | null;

/** The body of a correction: a blank value clears the field; a year is sent as a number. */
export function toCorrection(field: TExtractedField, text: string): TCorrection {
  const value = text.trim();
  if (field === 'foundedYear') return { field, value: value === '' ? null : Number(value) } as TCorrection;
  return { field, value: value === '' ? null : value } as TCorrection;
}

const describeOriginal = (value: TFieldValue) =>
  value === null || value === '' ? 'Extracted: nothing' : `Extracted: ${value}`;

export function ExtractedField({
  field,
  label,
  display,
  value,
  evidence,
  correction,
  canEdit,
  saving,
  error,
  onSave,
}: {
  field: TExtractedField;
  label: string;
  display: ReactNode;
  value: TFieldValue | undefined;
  evidence: TFieldEvidence | undefined;
  correction: TEmailRecord['corrections'][TExtractedField];
  canEdit: boolean;
  saving: boolean;
  error: string | null;
  onSave: (correction: TCorrection, done: () => void) => void;
}) {
  const styles = useStyles();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');

  if (editing) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      onSave(toCorrection(field, text), () => setEditing(false));
    };
    return (
      <form className={styles.form} onSubmit={submit} aria-label={`Correct ${label}`}>
        <Input
          className={styles.input}
          aria-label={label}
          type={field === 'foundedYear' ? 'number' : 'text'}
          value={text}
          onChange={(_e, data) => setText(data.value)}
          autoFocus
        />
        <Button type="submit" appearance="primary" size="small" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" size="small" onClick={() => setEditing(false)}>
          Cancel
        </Button>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </form>
    );
  }

  // A corrected value is the person's: its extraction evidence no longer applies.
  const page = !correction && evidence?.page ? evidence.page : null;
  const isLowConfidence = !correction && evidence !== undefined && evidence.confidence < LOW_CONFIDENCE;
  return (
    <span className={styles.row}>
      <span>{display}</span>
      {page ? (
        <Tooltip
          content={evidence?.snippet ? `“${evidence.snippet}”` : `Found on slide ${page}`}
          relationship="description"
        >
          <Badge appearance="tint" color="informative" size="small">
            from slide {page}
          </Badge>
        </Tooltip>
      ) : null}
      {isLowConfidence ? (
        <Tooltip
          content={`Low confidence (${Math.round((evidence?.confidence ?? 0) * 100)}%): please check this value`}
          relationship="description"
        >
          <Badge appearance="tint" color="warning" size="small">
            check this
          </Badge>
        </Tooltip>
      ) : null}
      {correction ? (
        <Tooltip content={describeOriginal(correction.original)} relationship="description">
          <Badge appearance="tint" color="brand" size="small">
            edited
          </Badge>
        </Tooltip>
      ) : null}
      {canEdit ? (
        <Tooltip content={`Correct ${label}`} relationship="label">
          <Button
            appearance="subtle"
            size="small"
            icon={<Edit16Regular />}
            onClick={() => {
              setText(value === null || value === undefined ? '' : String(value));
              setEditing(true);
            }}
          />
        </Tooltip>
      ) : null}
    </span>
  );
}
