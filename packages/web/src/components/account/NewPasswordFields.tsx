// A new password and its confirmation, as the reset-link page and the change-password page both ask for them: the
// password rule's hint as on registration, the browser told it is a new password (so a password manager offers to
// make and save one), and the confirmation checked against it when the form is sent.
import { TextField } from '../ui/TextField.tsx';
import { PASSWORD_HINT, RESET_PASSWORD_RULES } from '../../lib/forms.ts';

export type NewPasswordField = 'password' | 'confirmPassword';

export function NewPasswordFields({
  form,
  errors,
  label = 'New password',
}: {
  /** The form's id prefix (field ids are `{form}-{name}`). */
  form: string;
  errors: Partial<Record<NewPasswordField, string>>;
  label?: string;
}) {
  return (
    <>
      <TextField
        form={form}
        name="password"
        label={label}
        type="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        error={errors.password}
        rule={RESET_PASSWORD_RULES.password}
      />
      <TextField
        form={form}
        name="confirmPassword"
        label={`Confirm ${label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
        rule={RESET_PASSWORD_RULES.confirmPassword}
      />
    </>
  );
}
