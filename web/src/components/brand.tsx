/** The house mark and the lot search box, used by both header variants. */
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { SITE } from '../lib/site';
import { SearchIcon } from './icons';

export function Brand() {
  return (
    // Named by its own words (an aria-label differing from them fails WCAG 2.5.3, label in name), "home" added unseen.
    <Link href="/" className="brand">
      <span className="brand__mark" aria-hidden="true">H&amp;R</span>
      <span className="brand__text">
        <span className="brand__name">{SITE.short}</span>
        <span className="brand__tag">{SITE.tagline}</span>
        <span className="visually-hidden">, home</span>
      </span>
    </Link>
  );
}

export function SearchForm({ onDone }: { onDone?: () => void }) {
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    navigate(q ? `/search?search=${encodeURIComponent(q)}` : '/search');
    onDone?.();
  };
  return (
    <form className="search-form" role="search" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="site-search">Search lots</label>
      <input id="site-search" type="search" placeholder="Search lots" value={text} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="icon-button" aria-label="Search"><SearchIcon /></button>
    </form>
  );
}

