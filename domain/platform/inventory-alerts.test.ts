import { describe, expect, it } from 'vitest';
import { InventoryAlert, inventoryAlertsToSend } from './inventory-alerts';

const rule = (id: number, Item: string, PlantID: number, Minimum: number, Tell = 'buyer@example.com') => ({
  InventoryAlertID: id,
  Item,
  PlantID,
  Minimum,
  Tell,
});

describe('inventory alerts: the seam the inventory area calls', () => {
  it('fires a rule when the item’s stock in its plant is below the minimum, telling each address', () => {
    const rules = [
      rule(1, 'Plate 1/4 A36', 1, 100, 'buyer@example.com, lead@example.com'),
      rule(2, 'Plate 1/4 A36', 6, 50),
      rule(3, 'Weld wire .035', 1, 20),
      rule(4, 'Paint grey', 1, 10),
    ];
    const stock = [
      { Item: 'plate 1/4 a36 ', PlantID: 1, OnHand: 99 },
      { Item: 'Plate 1/4 A36', PlantID: 6, OnHand: 50 },
      { Item: 'Weld wire .035', PlantID: 1, OnHand: 0 },
    ];
    expect(inventoryAlertsToSend(rules, stock)).toEqual([
      {
        InventoryAlertID: 1,
        Item: 'Plate 1/4 A36',
        PlantID: 1,
        Minimum: 100,
        OnHand: 99,
        To: ['buyer@example.com', 'lead@example.com'],
      },
      {
        InventoryAlertID: 3,
        Item: 'Weld wire .035',
        PlantID: 1,
        Minimum: 20,
        OnHand: 0,
        To: ['buyer@example.com'],
      },
    ]);
  });

  it('refuses a Tell that is not a list of e-mail addresses', () => {
    const tell = InventoryAlert.fields.Tell!.type;
    expect(tell.safeParse('a@b.co, c@d.org').success).toBe(true);
    expect(tell.safeParse('a@b.co; c@d.org').success).toBe(false);
    expect(tell.safeParse('nobody').success).toBe(false);
  });
});
