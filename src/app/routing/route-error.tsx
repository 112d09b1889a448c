import { useRouteError } from 'react-router-dom';

import { ErrorFallback } from '../../ui/error-fallback.tsx';

/** A route that fails to load or render (a lazy chunk missing after a deploy, say) gets the same fallback. */
export function RouteError() {
  const error = useRouteError();
  console.error('Murmur could not show this screen', error);
  return <ErrorFallback error={error} />;
}
