import { Link, useLocation } from 'react-router-dom';

/** /pages/404 and every address that is not in the route table. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="page" data-testid="not-found">
      <div className="card">
        <h1>Not Found</h1>
        <p>
          There is no screen at <code>{pathname}</code>.
        </p>
        <p>
          <Link to="/">Back to the start page</Link>
        </p>
      </div>
    </section>
  );
}
