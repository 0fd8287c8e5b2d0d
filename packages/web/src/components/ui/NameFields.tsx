// First and last name side by side, as registration and the profile both ask for them.
import { TextField } from './TextField.tsx';
import { PROFILE_RULES } from '../../lib/forms.ts';

export interface NameFieldsProps {
  /** The form's id prefix (field ids are `{form}-{name}`). */
  form: string;
  firstName: string;
  lastName: string;
  errors: Partial<Record<'firstName' | 'lastName', string>>;
}

export function NameFields({ form, firstName, lastName, errors }: NameFieldsProps) {
  return (
    <div className="form__row">
      <TextField
        form={form}
        name="firstName"
        label="First name"
        autoComplete="given-name"
        required
        defaultValue={firstName}
        error={errors.firstName}
        rule={PROFILE_RULES.firstName}
      />
      <TextField
        form={form}
        name="lastName"
        label="Last name"
        autoComplete="family-name"
        required
        defaultValue={lastName}
        error={errors.lastName}
        rule={PROFILE_RULES.lastName}
      />
    </div>
  );
}
