// My profile (accounts issue): who is logged in, their own account, the accounts they may act for
// with the current one marked, and a form to change their name.

import { useRef } from 'react';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { FormAlert, useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import { NameFields } from '../../components/ui/NameFields.tsx';
import type { FormResult, ProfileData } from '../types.ts';

export type ProfileField = 'firstName' | 'lastName';

export const PROFILE_SAVED_MESSAGE = 'Your profile has been updated.';

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

export function ProfilePage({
  data,
  result,
  busy = false,
}: {
  data: ProfileData;
  result?: FormResult<ProfileField>;
  busy?: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useFormResultFocus(result, formRef, 'profile-error');
  const { session, managedAccounts } = data;
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  const name = fullName(session.firstName, session.lastName);
  // Several accounts: list them all with the current one marked; the switch itself is in the header.
  const others = managedAccounts.length > 1;

  return (
    <div className="profile">
      <h1>My profile</h1>
      <section aria-labelledby="profile-details-title" className="profile__section">
        <h2 id="profile-details-title">Your details</h2>
        <dl className="facts">
          <dt>Name</dt>
          <dd>{name || '—'}</dd>
          <dt>Email</dt>
          <dd>{session.email ?? '—'}</dd>
          <dt>Account</dt>
          <dd>{session.accountName ?? '—'}</dd>
          {session.effectiveAccountName && session.effectiveAccountId !== session.accountId ? (
            <>
              <dt>Acting for</dt>
              <dd>{session.effectiveAccountName}</dd>
            </>
          ) : null}
        </dl>
      </section>

      {others ? (
        <section aria-labelledby="profile-accounts-title" className="profile__section">
          <h2 id="profile-accounts-title">Your accounts</h2>
          <ul className="account-list">
            {managedAccounts.map((a) => {
              const current = a.accountId === session.effectiveAccountId;
              return (
                <li
                  key={a.accountId}
                  className={current ? 'account-list__item account-list__item--current' : 'account-list__item'}
                  aria-current={current ? 'true' : undefined}
                >
                  <span className="account-list__name">{a.accountName}</span>
                  {a.isMyAccount ? <span className="badge">Your account</span> : null}
                  {current ? <span className="badge badge--current">Current</span> : null}
                  {a.address?.city ? (
                    <span className="account-list__meta">
                      {[a.address.city, a.address.state, a.address.country].filter(Boolean).join(', ')}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="profile-edit-title" className="profile__section">
        <h2 id="profile-edit-title">Change your name</h2>
        <FormAlert id="profile-error" message={result?.formError} />
        <FormAlert id="profile-saved" message={result?.saved ? PROFILE_SAVED_MESSAGE : null} tone="success" />
        <Form method="post" className="form" noValidate ref={formRef} aria-labelledby="profile-edit-title">
          <NameFields
            form="profile"
            firstName={values.firstName ?? session.firstName ?? ''}
            lastName={values.lastName ?? session.lastName ?? ''}
            errors={errors}
          />
          <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </Form>
      </section>
    </div>
  );
}

export function ProfileRoute() {
  const navigation = useNavigation();
  return (
    <ProfilePage
      data={useLoaderData() as ProfileData}
      result={useActionData() as FormResult<ProfileField> | undefined}
      busy={navigation.state === 'submitting'}
    />
  );
}
