import { Link } from 'react-router-dom';
import { useUser } from '../../app/context';
import { areaLabels, menuFor } from '../../app/menus';
import { useT } from '../../i18n';
import './shopfloor.css';

/**
 * /manufacturing/menu, the shop-floor app's home: every built screen of the app the user may open, as
 * big tiles by area (the same table and permission rule as the shell's menu, src/app/menus.ts). Screens
 * not built yet are counted, not offered.
 */
export function MenuPage() {
  const t = useT();
  const user = useUser();
  const sections = menuFor('manufacturingApp', user)
    .map((s) => ({ ...s, built: s.screens.filter((r) => r.screen && r.path !== '/manufacturing/menu') }))
    .filter((s) => s.built.length > 0);
  const notBuilt = menuFor('manufacturingApp', user).reduce(
    (n, s) => n + s.screens.filter((r) => !r.screen).length,
    0,
  );
  return (
    <section className="page sf-page" data-testid="shop-menu">
      <h1>{t('Shop-floor app')}</h1>
      {sections.map((s) => (
        <nav key={s.area} className="card sf-menu" aria-labelledby={`menu-${s.area}`}>
          <h2 id={`menu-${s.area}`}>{t(areaLabels[s.area] ?? s.area)}</h2>
          <div className="sf-menu-tiles">
            {s.built.map((r) => (
              <Link key={r.path} to={r.path} className="sf-menu-tile">
                {t(r.title)}
              </Link>
            ))}
          </div>
        </nav>
      ))}
      {notBuilt > 0 ? (
        <p className="muted" data-testid="menu-not-built">
          {t('{{n}} more screens of the shop-floor app are not built yet.', { n: notBuilt })}
        </p>
      ) : null}
    </section>
  );
}
