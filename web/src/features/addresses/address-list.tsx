/**
 * One type's saved addresses (billing or shipping): each card with its flags (Default; for billing, Last changed)
 * and Edit, Make default and Delete (after an inline confirmation), then "Add a … address". After any change the
 * list is read again: the server moves the default and the flag (docs/checkout-api.md), the page only shows them.
 */
import { useEffect, useState } from 'react';
import type { ApiError } from '../../api/http';
import { ErrorNote, Spinner } from '../../components/feedback';
import { addressLines, fromSaved } from '../../lib/address-rules';
import { AddressEditor } from './address-editor';
import { deleteAddress, makeDefaultAddress } from './api';
import { addressFlags, DELETED, FLAG, KIND_TITLES, SAVED } from './book-rules';
import { fetchAddresses, type AddressKind, type Country, type SavedAddress } from '../../api/addresses';

interface Props {
  kind: AddressKind;
  userId: string;
  countries: readonly Country[];
}

type Editing = { id: string | null } | null;

function AddressText({ a, countries }: { a: SavedAddress; countries: readonly Country[] }) {
  const name = countries.find((c) => c.slug === a.country)?.name;
  return (
    <p className="address-card__lines">
      {/* biome-ignore lint/suspicious/noArrayIndexKey: lines of one address, rendered whole, never reordered */}
      {addressLines(fromSaved(a), name).map((line, i) => <span key={i}>{line}</span>)}
    </p>
  );
}

export function AddressList({ kind, userId, countries }: Props) {
  const [list, setList] = useState<SavedAddress[] | null>(null);
  const [loadError, setLoadError] = useState<Error | null>(null);
  const [nonce, setNonce] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [rowError, setRowError] = useState<{ id: string; text: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: nonce is the reload trigger
  useEffect(() => {
    const ctrl = new AbortController();
    setLoadError(null);
    fetchAddresses(userId, kind, ctrl.signal).then(setList, (e: Error) => !ctrl.signal.aborted && setLoadError(e));
    return () => ctrl.abort();
  }, [userId, kind, nonce]);

  const reload = (message: string | null) => {
    setNotice(message);
    setNonce((n) => n + 1);
  };

  const act = async (a: SavedAddress, work: () => Promise<unknown>, message: string | null) => {
    setBusy(a.id);
    setRowError(null);
    try {
      await work();
      setConfirming(null);
      reload(message);
    } catch (e) {
      setRowError({ id: a.id, text: (e as ApiError).message || 'Server error' });
    } finally {
      setBusy(null);
    }
  };

  const title = KIND_TITLES[kind];
  const noun = kind === 'billing' ? 'billing address' : 'shipping address';
  const headingId = `addresses-${kind}`;
  const cardName = (a: SavedAddress) => [a.street, a.city].filter(Boolean).join(', ');

  return (
    <section className="address-book__group" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {notice && <p className="form-success" role="status">{notice}</p>}
      {loadError ? <ErrorNote error={loadError} onRetry={() => reload(null)} /> : list === null ? <Spinner label={`Loading your ${title.toLowerCase()}`} /> : list.length === 0 ? (
        <p className="muted">No {noun} saved yet.</p>
      ) : (
        <ul className="address-book__list" aria-label={title}>
          {list.map((a) => (
            <li key={a.id} className={`address-card${a.is_default ? ' address-card--default' : ''}`} aria-label={cardName(a)}>
              {editing?.id === a.id ? (
                <AddressEditor kind={kind} userId={userId} countries={countries} editing={a}
                  onSaved={() => { setEditing(null); reload(SAVED); }} onCancel={() => setEditing(null)} />
              ) : (
                <>
                  <div className="address-card__row">
                    <AddressText a={a} countries={countries} />
                    <p className="address-card__flags">
                      {addressFlags(a, kind).map((f) => <span key={f} className={`address-card__flag${f === FLAG.lastChanged ? ' address-card__flag--last' : ''}`}>{f}</span>)}
                    </p>
                  </div>
                  <div className="address-card__actions">
                    <button type="button" className="button button--ghost button--small" disabled={busy === a.id} onClick={() => { setNotice(null); setEditing({ id: a.id }); }}>
                      Edit<span className="visually-hidden"> {cardName(a)}</span>
                    </button>
                    {!a.is_default && (
                      <button type="button" className="button button--ghost button--small" disabled={busy === a.id} onClick={() => act(a, () => makeDefaultAddress(a.id), null)}>
                        Make default<span className="visually-hidden"> {cardName(a)}</span>
                      </button>
                    )}
                    <button type="button" className="button button--ghost button--small" disabled={busy === a.id} aria-expanded={confirming === a.id} onClick={() => setConfirming(confirming === a.id ? null : a.id)}>
                      Delete<span className="visually-hidden"> {cardName(a)}</span>
                    </button>
                  </div>
                  {confirming === a.id && (
                    <div className="address-card__confirm" role="group" aria-label={`Delete ${cardName(a)}?`}>
                      <p>Delete this {noun}? Orders already placed keep their address.</p>
                      <div className="address-card__actions">
                        <button type="button" className="button button--ghost button--small" onClick={() => setConfirming(null)}>Keep address</button>
                        <button type="button" className="button button--small address-card__remove" disabled={busy === a.id} onClick={() => act(a, () => deleteAddress(a.id), DELETED)}>
                          {busy === a.id ? 'Deleting…' : 'Delete address'}
                        </button>
                      </div>
                    </div>
                  )}
                </>
              )}
              {rowError?.id === a.id && <p className="form-error" role="alert">{rowError.text}</p>}
            </li>
          ))}
        </ul>
      )}
      {editing?.id === null ? (
        <AddressEditor kind={kind} userId={userId} countries={countries} editing={null}
          onSaved={() => { setEditing(null); reload(SAVED); }} onCancel={() => setEditing(null)} />
      ) : (
        list !== null && <button type="button" className="button button--primary address-book__add" onClick={() => { setNotice(null); setEditing({ id: null }); }}>Add a {noun}</button>
      )}
    </section>
  );
}
