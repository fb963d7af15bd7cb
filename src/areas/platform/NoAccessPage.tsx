import { Link } from 'react-router-dom';
import type { ScreenRoute } from '../../../domain/platform/routes';

/** A logged-in user without any of a screen's flags sees why, not the screen (the server refuses its calls anyway). */
export function NoAccessPage({ screen }: { screen: ScreenRoute }) {
  return (
    <section className="page" data-testid="no-access" data-screen={screen.name}>
      <div className="card">
        <h1>{screen.title}</h1>
        <p>You do not have access to the {screen.title} screen.</p>
        {screen.flags.length ? (
          <p className="muted">It needs one of these permissions: {screen.flags.join(', ')}.</p>
        ) : null}
        <p>
          <Link to="/">Back to the start page</Link>
        </p>
      </div>
    </section>
  );
}
