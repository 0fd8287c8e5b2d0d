// The store's settings (administrators only; the server refuses everyone else): every application-context
// field that is a seller's decision, checked as the seller types with core's storeSettingsProblem, saved as
// one change. The server answers the new settings on the very next application-context read, so the page
// says they are in effect now.

import type { StoreSettings } from '@store/core';
import { type FormEvent, useRef, useState } from 'react';
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { FormAlert, useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import type { StoreApi } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import {
  SETTINGS_SAVED,
  settingsOf,
  settingsRule,
  settingsValues,
  SWITCH_GROUPS,
  SWITCHES,
  type SettingsField,
} from './settings-form.ts';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';
import { CheckField, SelectField } from './workspace-ui.tsx';

interface SettingsResult {
  fieldErrors?: Partial<Record<SettingsField, string>>;
  formError?: string;
  saved?: boolean;
}

const F = 'settings';

function SettingsPage() {
  const settings = useLoaderData() as StoreSettings;
  const result = useActionData() as SettingsResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const formRef = useRef<HTMLFormElement>(null);
  useFormResultFocus(result, formRef, 'settings-error');
  const [live, setLive] = useState<string | null>(null);
  // Typing is an input event and a choice a change event: Preact hands the form's handlers the native events
  // (React made every keystroke a change), so the form checks on both.
  const check = (e: FormEvent<HTMLFormElement>) => setLive(settingsOf(new FormData(e.currentTarget)).problem);
  const v = settingsValues(settings);
  const errors = result?.fieldErrors ?? {};
  const field = (name: SettingsField, label: string, hint?: string) => (
    <TextField
      form={F}
      name={name}
      label={label}
      hint={hint}
      defaultValue={v[name]}
      error={errors[name]}
      rule={settingsRule(name)}
    />
  );
  return (
    <section aria-labelledby="settings-title" className="workspace__edit">
      <h1 id="settings-title">Store settings</h1>
      <FormAlert id="settings-error" message={result?.formError} />
      <FormAlert id="settings-saved" message={result?.saved ? SETTINGS_SAVED : null} tone="success" />
      <Form
        method="post"
        className="form"
        noValidate
        ref={formRef}
        aria-labelledby="settings-title"
        onInput={check}
        onChange={check}
      >
        <p id="settings-check" className={live ? 'field__error' : undefined} aria-live="polite">
          {live ?? ''}
        </p>
        {field('storeName', 'Store name')}
        {field('country', 'Country', 'Two-letter code, e.g. US: taxes are estimated there before an address is known.')}
        <fieldset className="workspace__book">
          <legend>Shoppers</legend>
          {SWITCHES.slice(...SWITCH_GROUPS.shoppers).map(([name, label]) => (
            <CheckField
              key={name}
              id={`${F}-${name}`}
              name={name}
              value="true"
              label={label}
              defaultChecked={v[name]}
            />
          ))}
          {field('sessionIdleTimeoutSeconds', 'Session timeout (seconds)', 'Empty: the server’s default.')}
        </fieldset>
        <fieldset className="workspace__book">
          <legend>Money and delivery</legend>
          {field('defaultCurrency', 'Default currency', 'Three-letter code, e.g. USD.')}
          {field('supportedCurrencies', 'Currencies', 'Codes separated by commas; each needs an active price book.')}
          <SelectField
            id={`${F}-taxType`}
            name="taxType"
            label="Prices are"
            defaultValue={v.taxType}
            options={[
              ['Net', 'Net (tax added at checkout)'],
              ['Gross', 'Gross (tax included)'],
            ]}
          />
          {field('shippingCountries', 'Shipping countries', 'Two-letter codes separated by commas.')}
        </fieldset>
        <fieldset className="workspace__book">
          <legend>Gifting</legend>
          {SWITCHES.slice(...SWITCH_GROUPS.gifting).map(([name, label]) => (
            <CheckField
              key={name}
              id={`${F}-${name}`}
              name={name}
              value="true"
              label={label}
              defaultChecked={v[name]}
            />
          ))}
        </fieldset>
        <fieldset className="workspace__book">
          <legend>Consent, activities and recommendations</legend>
          {SWITCHES.slice(...SWITCH_GROUPS.signals).map(([name, label]) => (
            <CheckField
              key={name}
              id={`${F}-${name}`}
              name={name}
              value="true"
              label={label}
              defaultChecked={v[name]}
            />
          ))}
          {field('activityRetentionDays', 'Keep activities for (days)')}
        </fieldset>
        <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
          Save settings
        </button>
      </Form>
    </section>
  );
}

export function settingsRoute(getApi: () => StoreApi) {
  return {
    loader: ({ request }: LoaderFunctionArgs) => loaded(workspaceOf(getApi).settings({ signal: request.signal })),
    action: async ({ request }: ActionFunctionArgs): Promise<SettingsResult> => {
      const { settings, fieldErrors, problem } = settingsOf(await request.formData());
      if (Object.keys(fieldErrors).length) return { fieldErrors };
      if (problem) return { formError: problem };
      try {
        await workspaceOf(getApi).updateSettings(settings);
      } catch (error) {
        return { formError: errorMessage(error) };
      }
      return { saved: true };
    },
    Component: SettingsPage,
    handle: workspaceHead(() => 'Store settings'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
