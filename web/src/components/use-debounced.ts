/** A debounced value: the staff screens' searches, the audit search, the lot page's all-in price as the bid moves. */
import { useEffect, useState } from 'react';

/** The last value of `value` once it has not changed for `ms` (typing in a search box; spec debounce 300 ms). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
