import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';

type Router = Parameters<typeof RouterProvider>[0]['router'];

/** The whole app around a router: the browser's (main.tsx) or a memory one (prerender). */
export function App({ router }: { router: Router }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
