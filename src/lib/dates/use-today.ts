import { useEffect, useState } from 'react';

import type { Day } from './day.ts';
import { deviceToday } from './device-today.ts';

/** Today on this device, moving on at midnight and when the app comes back to the foreground. */
export function useToday(): Day {
  const [today, setToday] = useState(deviceToday);
  useEffect(() => {
    const refresh = () => setToday(deviceToday());
    const timer = window.setInterval(refresh, 60_000);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, []);
  return today;
}
