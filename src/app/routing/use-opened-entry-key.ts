import { useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * A key for the entry open beside a list: it changes when a navigation opens an entry (a link, "New
 * note", back or forward), not when the open entry's address is replaced — a draft taking its entry's
 * address, or the list's search written into the address — so the editor there is kept, with its
 * words and caret, exactly then.
 */
export function useOpenedEntryKey(): string {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [key, setKey] = useState(location.key);
  if (navigationType !== 'REPLACE' && key !== location.key) setKey(location.key);
  return key;
}
