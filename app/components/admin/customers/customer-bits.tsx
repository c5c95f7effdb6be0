import { Fragment } from 'react';

/** Whether the customer has an account or only ever wrote as a guest. */
export function CustomerKind({ account }: { account: boolean }) {
  return (
    <span
      className={`inline-block rounded px-1.5 py-0.5 text-xs whitespace-nowrap ${account ? 'bg-brand-50 text-brand-800' : 'bg-slate-100 text-slate-700'}`}
    >
      {account ? 'Account' : 'Guest'}
    </span>
  );
}

/** An e-mail address that, too long for its line, wraps before an @ or a dot, not inside a word. */
export function EmailText({ email }: { email: string }) {
  return email.split(/(?=[@.])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
