import { boardItemChange } from '../../../domain/live/board-items';
import {
  GetLoginPageMessages,
  GetNews,
  LoginMessage,
  NEWS_TOPIC,
  NewsItem,
  TV_ALERT_KIND,
  TvAlert,
  type TvAlertItem,
  tvAlertTopic,
  windowProblem,
} from '../../../domain/platform/config';
import { InventoryAlert } from '../../../domain/platform/inventory-alerts';
import type { DocRecord } from '../../kit/document.repository';
import { registerDocument } from '../../kit/document.routes';
import type { CallRegistry } from '../../rpc/registry';
import { configQueries } from './config.repository';

const timestamp = (column: string) => ({ column, as: 'timestamp' as const });

/** A window's end must come after its start (either may be left open). */
const windowRule =
  (from: string, until: string) =>
  (_ctx: unknown, { after: record }: { after: DocRecord }) => {
    const problem = windowProblem(record[from], record[until]);
    return problem ? { field: until, reason: problem } : null;
  };

/**
 * The config group (login page messages, TV alerts) and the news editor on the document kit, with
 * what is their own: the public read of the login page, the TV boards' public topic, Intro's news.
 */
export function registerConfigCalls(registry: CallRegistry): void {
  registerDocument(
    registry,
    LoginMessage,
    {
      table: 'login_messages',
      key: 'login_message_id',
      deletedAt: 'deleted_at',
      columns: {
        Message: 'message',
        Severity: 'severity',
        ShowsFrom: timestamp('shows_from'),
        ShowsUntil: timestamp('shows_until'),
      },
    },
    { checkRecord: windowRule('ShowsFrom', 'ShowsUntil') },
  );
  registry.handle(GetLoginPageMessages, async ({ db }) => configQueries.loginPageMessages(db), {
    plant: { none: 'login page messages are for every plant' },
  });

  registerDocument(
    registry,
    TvAlert,
    {
      table: 'tv_alerts',
      key: 'tv_alert_id',
      deletedAt: 'deleted_at',
      columns: {
        Message: 'message',
        PlantID: 'plant_id',
        Severity: 'severity',
        ShowsFrom: timestamp('shows_from'),
        ShowsUntil: timestamp('shows_until'),
      },
    },
    {
      checkRecord: windowRule('ShowsFrom', 'ShowsUntil'),
      // Every TV board of the plant follows `tvalerts:{PlantID}` without a login: it gets the alert's
      // text, severity and window, kept by the change log for a TV that comes on later; a deleted
      // (cleared) alert leaves it, and one moved to another plant leaves the old plant's boards.
      afterChange(ctx, { after, before }) {
        const id = Number(after.TvAlertID);
        const plant = Number(after.PlantID);
        const item: TvAlertItem = {
          TvAlertID: id,
          Message: String(after.Message),
          Severity: after.Severity as TvAlertItem['Severity'],
          ShowsFrom: (after.ShowsFrom as string | null) ?? null,
          ShowsUntil: (after.ShowsUntil as string | null) ?? null,
        };
        ctx.publish(
          boardItemChange(tvAlertTopic(plant), TV_ALERT_KIND, String(id), plant, after.Deleted ? null : item),
        );
        if (before && Number(before.PlantID) !== plant) {
          const old = Number(before.PlantID);
          ctx.publish(boardItemChange(tvAlertTopic(old), TV_ALERT_KIND, String(id), old, null));
        }
      },
    },
  );

  registerDocument(
    registry,
    NewsItem,
    {
      table: 'news_items',
      key: 'news_item_id',
      deletedAt: 'deleted_at',
      columns: {
        Title: 'title',
        Body: 'body',
        ForPlantID: 'plant_id',
        PublishFrom: timestamp('publish_from'),
        PublishUntil: timestamp('publish_until'),
        Pinned: 'pinned',
      },
    },
    {
      checkRecord: windowRule('PublishFrom', 'PublishUntil'),
      // Intro reads its news again on any change: the topic says only which item changed, never its
      // text (an item not yet published is for the editors' eyes).
      afterChange(ctx, { after }) {
        ctx.publish({
          topic: NEWS_TOPIC,
          collection: 'records',
          id: `newsItem:${after.NewsItemID}`,
          doc: null,
        });
      },
    },
  );
  registerDocument(registry, InventoryAlert, {
    table: 'inventory_alerts',
    key: 'inventory_alert_id',
    deletedAt: 'deleted_at',
    columns: { Item: 'item', PlantID: 'plant_id', Minimum: 'minimum', Tell: 'tell' },
  });
  registry.handle(GetNews, async ({ db, user }) => configQueries.publishedNews(db, user!.plantId), {
    plant: { none: "the user's own plant and all-plant news only" },
  });
}
