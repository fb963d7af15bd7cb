import { LoginMessage, NewsItem, TvAlert } from '../../../domain/platform/config';
import { InventoryAlert } from '../../../domain/platform/inventory-alerts';
import { useT } from '../../i18n';
import { DocumentScreen } from '../../kit/DocumentScreen';

/** /config/loginpagemessage: the messages everyone reads on the login page, on the document kit. */
export function LoginMessagesPage() {
  const t = useT();
  return (
    <DocumentScreen
      decl={LoginMessage}
      title="Login Page Message"
      intro={t(
        'Messages show on the login page between their start and end (either may be left open), most severe first. The login page reads them each time it opens and when its window comes back into focus.',
      )}
    />
  );
}

/** /config/tvalerts: a line across every TV board of a plant, live. */
export function TvAlertsPage() {
  const t = useT();
  return (
    <DocumentScreen
      decl={TvAlert}
      title="TV Alerts"
      intro={t(
        'An alert shows at once across the top of every TV board of its plant, from its start until its end; delete it to clear it from the boards.',
      )}
    />
  );
}

/** /newseditor: news on everyone's Intro, for one plant or all. */
export function NewsEditorPage() {
  const t = useT();
  return (
    <DocumentScreen
      decl={NewsItem}
      title="News Editor"
      intro={t(
        'Published news shows on Intro for its plant (or every plant when none is chosen), pinned items first, while its publish window is open.',
      )}
    />
  );
}

/** /config/inventoryalerts: low-stock rules, kept now, evaluated once inventory is tracked. */
export function InventoryAlertsPage() {
  const t = useT();
  return (
    <DocumentScreen
      decl={InventoryAlert}
      title="Inventory Alerts"
      intro={t(
        'Inventory is not tracked in the product yet: these rules are kept now, and alerts fire once inventory is tracked, when the stock of the part or material in the plant falls below its minimum.',
      )}
    />
  );
}
