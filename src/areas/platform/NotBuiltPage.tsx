import { Link, useLocation } from 'react-router-dom';

/** Honest placeholder: a screen of the route table that is not built yet says so (never a fake screen). */
export function NotBuiltPage() {
  const { pathname } = useLocation();
  return (
    <section className="page">
      <div className="card">
        <h1>Not built yet</h1>
        <p>
          The screen at <code>{pathname}</code> is not part of this version yet.
        </p>
        <p>
          <Link to="/intro">Back to the start page</Link>
        </p>
      </div>
    </section>
  );
}
