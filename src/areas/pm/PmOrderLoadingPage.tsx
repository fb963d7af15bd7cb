import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { GetOrderHeader } from '../../../domain/orders/orders';
import { useCore } from '../../app/context';
import { orderLoadingTarget } from '../../app/navigation';
import { shellState } from '../../app/shell-state';

/**
 * "PM Order Loading" (spec 000 §2.3): opening /pm/order/{orderNum} first loads that order, showing this
 * screen meanwhile, then continues to the requested tab.
 */
export function PmOrderLoadingPage() {
  const { api } = useCore();
  const { search } = useLocation();
  const navigate = useNavigate();
  const request = orderLoadingTarget(search);
  const orderNum = request?.orderNum ?? null;
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

  if (!request) {
    return (
      <section className="page">
        <div className="card">
          <h1>PM Order Loading</h1>
          <p>No order was asked for.</p>
          <Link to="/pm/orders">Orders</Link>
        </div>
      </section>
    );
  }
  return (
    <section className="page" data-testid="pm-order-loading">
      <div className="card">
        <h1>PM Order Loading</h1>
        {failed ? (
          <>
            <p role="alert">
              Order {request.orderNum} could not be opened: {failed}
            </p>
            <Link to="/pm/orders">Back to orders</Link>
          </>
        ) : (
          <p aria-busy="true">Loading order {request.orderNum}…</p>
        )}
      </div>
    </section>
  );
}
