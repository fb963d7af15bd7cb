import { type ReactNode, useEffect } from 'react';
import { useServices, useUser } from '../../../app/context';
import { useRouteHelp, useTipState } from './hooks';
import { tipId } from './tips';
import './help.css';

export interface HelpTipProps {
  /** Names this tip in the code, e.g. "intro.settings" (letters, digits and . _ : -). */
  tipKey: string;
  /** The screen name; default: the current route's, as passed to `help.load`. */
  routeName?: string;
  title?: string;
  children: ReactNode;
}

/**
 * A help tip panel (spec 000 §1, §4): shown until the user dismisses it, then never again for this tip
 * key and route, on any device. Hidden entirely while the user's "Show help tips" setting (ShowMyHelp)
 * is off, and until the dismissed tips are known (so a tip dismissed elsewhere does not flash).
 */
export function HelpTip({ tipKey, routeName, title, children }: HelpTipProps) {
  const { help } = useServices();
  const user = useUser();
  const tips = useTipState();
  const current = useRouteHelp().routeName;
  const route = routeName ?? current;
  const employeeId = user?.EmployeeID ?? null;

  useEffect(() => {
    if (employeeId !== null) help.tips.forEmployee(employeeId);
  }, [help, employeeId]);

  if (!user?.ShowMyHelp || !route) return null;
  if (tips.employeeId !== user.EmployeeID || (tips.status !== 'ready' && tips.status !== 'failed'))
    return null;
  if (tips.dismissed.has(tipId(tipKey, route))) return null;

  return (
    <aside className="help-tip" aria-label={title ?? 'Tip'} data-tip={tipKey}>
      <span className="help-tip-icon" aria-hidden="true">
        ?
      </span>
      <div className="help-tip-body">
        {title ? <strong>{title}</strong> : null}
        <div>{children}</div>
      </div>
      <button type="button" className="help-tip-dismiss" onClick={() => help.tips.dismiss(tipKey, route)}>
        Got it
      </button>
    </aside>
  );
}
