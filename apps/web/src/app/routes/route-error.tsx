import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorScreen } from '../../components/feedback/error-screen';

/** Route-level error element: log, then the 500 screen. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Rendering failed', error);
  }, [error]);
  return <ErrorScreen />;
}
