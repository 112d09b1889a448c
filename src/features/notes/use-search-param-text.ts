import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** How many of the field's own latest values are recognised when the address catches up with them. */
const OWN_WRITES_KEPT = 32;
/** The address follows the field once typing pauses this long. */
const ADDRESS_DELAY_MS = 250;

/**
 * A text field kept in the address (`?name=…`), with a setter for another parameter. The field answers
 * from its own state at once, and the address follows once typing pauses: React Router changes the
 * address in a transition that renders the whole route again, and a field waiting for one lags behind
 * the keys. When the address changes from elsewhere (a link, going back), the field follows it; the
 * field's own writes arriving late never undo a newer key, and never follow the reader to another page.
 */
export function useSearchParamText(
  name: string,
): [text: string, setText: (value: string) => void, setParam: (param: string, value: string) => void] {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(name) ?? '';
  const [text, setTextState] = useState(inAddress);
  const [seenInAddress, setSeenInAddress] = useState(inAddress);
  const [ownWrites, setOwnWrites] = useState<readonly string[]>([inAddress]);
  const pendingWrite = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (inAddress !== seenInAddress) {
    // Adjusting state while rendering, as React documents for following a changed input.
    setSeenInAddress(inAddress);
    if (!ownWrites.includes(inAddress)) setTextState(inAddress);
  }
  useEffect(() => () => clearTimeout(pendingWrite.current), []);

  const write = (values: Readonly<Record<string, string>>) => {
    clearTimeout(pendingWrite.current);
    const next = new URLSearchParams(params);
    for (const [param, value] of Object.entries(values)) {
      if (value === '') next.delete(param);
      else next.set(param, value);
    }
    setParams(next, { replace: true });
  };
  const setText = (value: string) => {
    setOwnWrites((written) => [...written.slice(-(OWN_WRITES_KEPT - 1)), value]);
    setTextState(value);
    clearTimeout(pendingWrite.current);
    const address = window.location.href;
    pendingWrite.current = setTimeout(() => {
      // A link followed meanwhile has changed the address already, while the screen waits for its
      // transition: writing now would take the reader back here.
      if (window.location.href === address) write({ [name]: value });
    }, ADDRESS_DELAY_MS);
  };
  // Another parameter goes to the address at once, with the field's newest text.
  const setParam = (param: string, value: string) => write({ [name]: text, [param]: value });
  return [text, setText, setParam];
}
