/**
 * The address fields (add-new and edit modes): country first (choosing one clears the region, then loads the
 * country's regions and delivery method: GET /api/divisions/{slug}/), region as a list when the country has them,
 * then street, city, postcode and the optional name, company and phone. A shipping country we do not deliver to is
 * refused on the spot.
 */
import { useEffect, useState } from 'react';
import { Field, SelectField } from './field';
import { deliverable, deliveryOf, type AddressErrors, type AddressField, NO_SHIPPING } from '../lib/address-rules';
import { fetchDivision, type Address, type AddressKind, type Country, type Division } from '../api/addresses';

interface Props {
  kind: AddressKind;
  value: Address;
  errors: AddressErrors;
  countries: readonly Country[];
  /** Functional, so a late answer for the regions never undoes what was typed meanwhile. */
  onChange: (update: (prev: Address) => Address, changed: AddressField) => void;
  disabled?: boolean;
}

export function AddressForm({ kind, value, errors, countries, onChange, disabled }: Props) {
  const [division, setDivision] = useState<Division | null>(null);
  const country = countries.find((c) => c.slug === value.country) ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new country loads its regions; onChange is a new function every render
  useEffect(() => {
    setDivision(null);
    if (!value.country) return;
    let live = true;
    fetchDivision(value.country)
      .then((d) => {
        if (!live) return;
        setDivision(d);
        const delivery = deliveryOf(d);
        if (delivery) onChange((a) => (a.country === value.country ? { ...a, type_delivery: delivery } : a), 'country');
      })
      .catch(() => {}); // no regions to offer: the region stays a free text field
    return () => {
      live = false;
    };
    // Only a new country loads its regions.
  }, [value.country]);

  const set = (field: AddressField) => (v: string) => onChange((a) => ({ ...a, [field]: v }), field);
  const chooseCountry = (slug: string) => {
    const c = countries.find((x) => x.slug === slug);
    onChange((a) => ({ ...a, country: slug, region: '', type_delivery: deliveryOf(c) }), 'country');
  };

  const countryError = errors.country ?? (kind === 'shipping' && country && !deliverable(division ?? country) ? NO_SHIPPING : null);
  const regions = division?.regions ?? [];
  return (
    <div className="form form--grid checkout-address-form">
      <SelectField
        label="Country" className="span-all" value={value.country} onValue={chooseCountry} error={countryError}
        autoComplete={`${kind} country`} disabled={disabled}
        options={[{ value: '', label: 'Choose a country' }, ...countries.map((c) => ({ value: c.slug, label: c.name }))]}
      />
      <Field label="Street address" className="span-all" value={value.street} onValue={set('street')} error={errors.street} autoComplete={`${kind} address-line1`} disabled={disabled} />
      <Field label="Apartment, suite, etc. (optional)" className="span-all" value={value.apartment} onValue={set('apartment')} error={errors.apartment} autoComplete={`${kind} address-line2`} disabled={disabled} />
      <Field label="Town / City" value={value.city} onValue={set('city')} error={errors.city} autoComplete={`${kind} address-level2`} disabled={disabled} />
      {regions.length > 0 ? (
        <SelectField
          label="Region / County (optional)" value={value.region} onValue={set('region')} error={errors.region} disabled={disabled}
          options={[{ value: '', label: '—' }, ...regions.map((r) => ({ value: r.name, label: r.name }))]}
        />
      ) : (
        <Field label="Region / County (optional)" value={value.region} onValue={set('region')} error={errors.region} autoComplete={`${kind} address-level1`} disabled={disabled} />
      )}
      <Field label="Postcode" value={value.zip_code} onValue={set('zip_code')} error={errors.zip_code} autoComplete={`${kind} postal-code`} maxLength={10} disabled={disabled} />
      <Field label="Phone (optional)" type="tel" value={value.phone_number ?? ''} onValue={set('phone_number')} error={errors.phone_number} autoComplete={`${kind} tel`} disabled={disabled} />
      <Field label="Full name (optional)" value={value.name ?? ''} onValue={set('name')} error={errors.name} autoComplete={`${kind} name`} disabled={disabled} />
      <Field label="Company (optional)" value={value.company ?? ''} onValue={set('company')} error={errors.company} autoComplete={`${kind} organization`} disabled={disabled} />
    </div>
  );
}
