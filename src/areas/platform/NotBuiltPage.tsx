import { Link } from 'react-router-dom';
import { displayPath, type ScreenRoute } from '../../../domain/platform/routes';

/** Honest placeholder: a screen of the route table that is not built yet says so, with its name. */
export function NotBuiltPage({ screen }: { screen: ScreenRoute }) {
  return (
    <section className="page" data-testid="not-built" data-screen={screen.name}>
      <div className="card">
        <h1>{screen.title}</h1>
        <p>
          <strong>Not built yet.</strong> The {screen.title} screen (<code>{displayPath(screen.path)}</code>)
          is part of the product's route table but is not in this version yet.
        </p>
        <p>
          <Link to="/">Back to the start page</Link>
        </p>
      </div>
    </section>
  );
}
