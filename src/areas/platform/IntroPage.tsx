import { UpdateEmployee } from '../../../domain/platform/employees';
import { interfaceLabels } from '../../../domain/platform/interfaces';
import { type Language, languages } from '../../../domain/platform/session';
import { useServices, useShellState, useUser } from '../../app/context';
import { currentInterface } from '../../app/menus';
import { usePlants } from '../../app/plants';
import { changeLanguage, useT } from '../../i18n';

const languageNames: Record<Language, string> = { en: 'English', es: 'Español' };

/**
 * /intro: where a user lands. Shows who and where they are, and lets them change their own language
 * and help setting. Those edits go through the post queue (spec 000 §7.1) and show at once.
 */
export function IntroPage() {
  const { api, session, enqueue } = useServices();
  const user = useUser();
  const t = useT();
  const plants = usePlants(api);

  // The interface the shell and every request use: the stored preference counts (src/app/menus.ts).
  const { interfacePref } = useShellState();
  if (!user) return null;
  const plant = plants?.find((p) => p.PlantID === user.PlantID);
  const iface = currentInterface(user, window.location.pathname, interfacePref);

  function changeHelp(value: boolean) {
    if (!user) return;
    enqueue(UpdateEmployee, { EmployeeID: user.EmployeeID, FieldName: 'ShowMyHelp', Value: value });
    session.send({ type: 'session.userUpdated', user: { ...user, ShowMyHelp: value } });
  }

  return (
    <section className="page intro">
      <div className="card welcome">
        {user.PhotoFile ? (
          <img
            className="avatar avatar-lg"
            src={api.photoUrl(user.EmployeeID)}
            alt=""
            width={60}
            height={60}
          />
        ) : (
          <span className="avatar avatar-lg initials" aria-hidden="true">
            {user.Name.split(' ')
              .map((w) => w[0])
              .join('')
              .slice(0, 2)}
          </span>
        )}
        <div>
          <h1>{t('Welcome, {{name}}', { name: user.Name })}</h1>
          <dl className="facts">
            <dt>{t('Plant')}</dt>
            <dd data-testid="plant">
              {plant
                ? `${plant.PlantName} (${plant.ShortName})`
                : t('Plant {{plantId}}', { plantId: user.PlantID })}
            </dd>
            <dt>{t('Interface')}</dt>
            <dd data-testid="interface">{t(interfaceLabels[iface])}</dd>
            <dt>{t('Employee ID')}</dt>
            <dd>{user.EmployeeID}</dd>
          </dl>
        </div>
      </div>
      <div className="card">
        <h2>{t('Your settings')}</h2>
        <label className="row">
          {t('Language')}
          <select
            name="language"
            value={user.Language}
            onChange={(e) => changeLanguage(e.target.value as Language)}
          >
            {languages.map((l) => (
              <option key={l} value={l}>
                {languageNames[l]}
              </option>
            ))}
          </select>
        </label>
        <label className="row">
          <input
            type="checkbox"
            name="showMyHelp"
            checked={user.ShowMyHelp}
            onChange={(e) => changeHelp(e.target.checked)}
          />
          {t('Show help tips')}
        </label>
        <p className="muted">
          {t('Changes save in the background; the status in the top bar shows what is still saving.')}
        </p>
      </div>
    </section>
  );
}
