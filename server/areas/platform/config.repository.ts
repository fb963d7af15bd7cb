import type { PublishedNews, ShownLoginMessage } from '../../../domain/platform/config';
import type { Sql } from '../../db/database';

/**
 * What the config group's documents show outside their editors: the login page's messages and the
 * news of Intro, as they are at the database's `now()`. The editors' SQL is the kit's.
 */
export const configQueries = {
  loginPageMessages: (db: Sql) =>
    db.query<ShownLoginMessage>(
      `SELECT login_message_id AS "LoginMessageID", message AS "Message", severity AS "Severity"
         FROM login_messages
        WHERE deleted_at IS NULL
          AND (shows_from IS NULL OR shows_from <= now())
          AND (shows_until IS NULL OR shows_until > now())
        ORDER BY CASE severity WHEN 'critical' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END,
                 login_message_id DESC
        LIMIT 5`,
    ),

  async publishedNews(db: Sql, plantId: number): Promise<PublishedNews[]> {
    const rows = await db.query<PublishedNews & { PublishFrom: Date | string | null }>(
      `SELECT news_item_id AS "NewsItemID", title AS "Title", body AS "Body", plant_id AS "ForPlantID",
              publish_from AS "PublishFrom", pinned AS "Pinned"
         FROM news_items
        WHERE deleted_at IS NULL
          AND (plant_id IS NULL OR plant_id = $1)
          AND (publish_from IS NULL OR publish_from <= now())
          AND (publish_until IS NULL OR publish_until > now())
        ORDER BY pinned DESC, publish_from DESC NULLS LAST, news_item_id DESC
        LIMIT 20`,
      [plantId],
    );
    return rows.map((r) => ({
      ...r,
      PublishFrom: r.PublishFrom === null ? null : new Date(r.PublishFrom).toISOString(),
    }));
  },
};
