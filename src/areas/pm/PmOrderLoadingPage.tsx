import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { GetOrderHeader, ORDER_NUMBER_LENGTH } from '../../../domain/orders/orders';
import { useCore } from '../../app/context';
import { orderLoadingTarget } from '../../app/navigation';
import { shellState } from '../../app/shell-state';
import { useT } from '../../i18n';

/**
 * "PM Order Loading" (spec 000 §2.3): opening /pm/order/{orderNum} first loads that order, showing this
 * screen meanwhile, then continues to the requested tab.
 */
export function PmOrderLoadingPage() {
  const { api } = useCore();
  const { search } = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const request = orderLoadingTarget(search);
  // Spec 001 §5: an order loads only when its number is exactly 6 characters long.
  const wellFormed = request !== null && String(request.orderNum).length === ORDER_NUMBER_LENGTH;
  const orderNum = wellFormed ? request.orderNum : null;
  const target = request?.target ?? null;
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (orderNum === null || target === null) return;
    let cancelled = false;
    api.get(GetOrderHeader, { OrderNum: orderNum }).then(
      (order) => {
        if (cancelled) return;
        shellState.setLoadedOrder({ orderNum: order.OrderNum, description: order.ProjectDescription });
        void navigate(target, { replace: true });
      },
      (error: unknown) => {
        // The request layer has shown the message (Sorry: not found); say it here too, with a way on.
        if (!cancelled) setFailed(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, navigate, orderNum, target]);

  if (request && !wellFormed) {
    return (
      <section className="page" data-testid="pm-order-loading">
        <div className="card">
          <h1>{t('PM Order Loading')}</h1>
          <p role="alert">
            {t('Order numbers have {{n}} digits; {{order}} cannot be opened.', {
              n: ORDER_NUMBER_LENGTH,
              order: request.orderNum,
            })}
          </p>
          <Link to="/pm/orders">{t('Back to orders')}</Link>
        </div>
      </section>
    );
  }
  if (!request) {
    return (
      <section className="page">
        <div className="card">
          <h1>{t('PM Order Loading')}</h1>
          <p>{t('No order was asked for.')}</p>
          <Link to="/pm/orders">{t('Back to orders')}</Link>
        </div>
      </section>
    );
  }
  return (
    <section className="page" data-testid="pm-order-loading">
      <div className="card">
        <h1>{t('PM Order Loading')}</h1>
        {failed ? (
          <>
            <p role="alert">
              {t('Order {{n}} could not be opened: {{reason}}', { n: request.orderNum, reason: t(failed) })}
            </p>
            <Link to="/pm/orders">{t('Back to orders')}</Link>
          </>
        ) : (
          <p aria-busy="true">{t('Loading order {{n}}…', { n: request.orderNum })}</p>
        )}
      </div>
    </section>
  );
}
