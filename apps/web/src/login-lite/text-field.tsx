import { useState, type ChangeEvent, type ReactNode, type RefObject } from 'react';

/** Material icons' paths (the SPA's password toggle and alert use the same). */
export const ICONS = {
  visibility:
    'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3',
  visibilityOff:
    'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z',
  errorOutline:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
  close: 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
} as const;

export function Icon({ path, className }: { path: string; className?: string }) {
  return (
    <svg className={className ?? 'icon'} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}

interface TextFieldProps {
  id: string;
  name: string;
  type: 'email' | 'password' | 'text';
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  /** The translated message under the field, when it has one. */
  error?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** Shown inside the box at the end (the password's show/hide button). */
  end?: ReactNode;
}

/**
 * The SPA's outlined text field (MUI TextField, margin "normal") in plain HTML: a label that floats up once
 * the field has focus or a value, the required star, an error under the field tied to it by aria-describedby.
 */
export function TextField({ id, name, type, label, value, onChange, autoComplete, error, inputRef, end }: TextFieldProps) {
  const helperId = `${id}-helper-text`;
  return (
    <div className={`field${error ? ' field-error' : ''}${value ? ' field-filled' : ''}`}>
      <div className="field-box">
        <input
          id={id}
          ref={inputRef}
          name={name}
          type={type}
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          autoComplete={autoComplete}
          required
          aria-invalid={error ? true : false}
          aria-describedby={error ? helperId : undefined}
          // Addresses read left to right even in Hebrew and Arabic.
          dir={type === 'email' ? 'ltr' : undefined}
          spellCheck={false}
        />
        <label htmlFor={id}>
          {label}
          <span aria-hidden="true" className="field-star">
            {' *'}
          </span>
        </label>
        {end}
      </div>
      {error ? (
        <p id={helperId} className="field-helper">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'end'> & { showLabel: string; hideLabel: string };

export function PasswordField({ showLabel, hideLabel, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      end={
        <button
          type="button"
          className="icon-button field-end"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? hideLabel : showLabel}
          aria-pressed={visible}
        >
          <Icon path={visible ? ICONS.visibilityOff : ICONS.visibility} />
        </button>
      }
    />
  );
}
