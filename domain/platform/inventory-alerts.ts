import { Count, PlantID, Text } from '../contract/fields';
import { defineDocument, documentCalls } from '../kit/document';
import { configFlags } from './config';

/**
 * /config/inventoryalerts: rules that tell people when the stock of a part or material in a plant
 * falls below a minimum. Inventory is not tracked yet (issue 20): the rules are kept now, and the
 * inventory area will call `inventoryAlertsToSend` with its stock to know whom to tell.
 */
const emails = Text(500)
  .trim()
  .regex(
    /^[^\s,@]+@[^\s,@]+\.[^\s,@]+(\s*,\s*[^\s,@]+@[^\s,@]+\.[^\s,@]+)*$/,
    'must be e-mail addresses separated by commas',
  );

export const InventoryAlert = defineDocument({
  type: 'inventoryAlert',
  noun: 'inventory alert',
  nounPlural: 'inventory alerts',
  key: 'InventoryAlertID',
  fields: {
    Item: {
      type: Text(100).trim().min(1),
      label: 'Part or material',
      edit: true,
      required: true,
      filter: 'text',
      sort: true,
      search: true,
    },
    PlantID: { type: PlantID, label: 'Plant', input: 'plant', edit: true, required: true, sort: true },
    Minimum: {
      type: Count(1_000_000_000),
      label: 'Minimum on hand',
      edit: true,
      required: true,
      input: 'number',
      sort: true,
    },
    Tell: { type: emails, label: 'Tell (e-mail addresses)', edit: true, required: true, search: true },
  },
  access: { read: { anyOf: configFlags }, change: { anyOf: configFlags } },
  plantField: 'PlantID',
  calls: {
    list: 'web/GetInventoryAlerts',
    get: 'web/GetInventoryAlert',
    update: 'web/UpdateInventoryAlert',
    create: 'web/AddInventoryAlert',
    delete: 'web/DeleteInventoryAlert',
    history: 'web/GetInventoryAlertHistory',
  },
  list: { columns: ['Item', 'PlantID', 'Minimum', 'Tell'], sort: { field: 'Item' } },
});

const calls = documentCalls(InventoryAlert);
export const GetInventoryAlerts = calls.List;
export const GetInventoryAlert = calls.Get;
export const UpdateInventoryAlert = calls.Update;
export const AddInventoryAlert = calls.Create!;
export const DeleteInventoryAlert = calls.Delete!;
export const GetInventoryAlertHistory = calls.History;

export interface InventoryAlertRule {
  InventoryAlertID: number;
  Item: string;
  PlantID: number;
  Minimum: number;
  Tell: string;
}
export interface StockLevel {
  Item: string;
  PlantID: number;
  OnHand: number;
}
export interface AlertToSend {
  InventoryAlertID: number;
  Item: string;
  PlantID: number;
  Minimum: number;
  OnHand: number;
  To: string[];
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The seam the inventory area (issue 20) calls: which rules fire for these stock levels — the item's
 * stock in the rule's plant is below its minimum — and whom each tells. An item with no stock level
 * given is not judged (unknown is not zero).
 */
export function inventoryAlertsToSend(
  rules: readonly InventoryAlertRule[],
  stock: readonly StockLevel[],
): AlertToSend[] {
  const out: AlertToSend[] = [];
  for (const rule of rules) {
    const level = stock.find((s) => s.PlantID === rule.PlantID && same(s.Item, rule.Item));
    if (!level || level.OnHand >= rule.Minimum) continue;
    out.push({
      InventoryAlertID: rule.InventoryAlertID,
      Item: rule.Item,
      PlantID: rule.PlantID,
      Minimum: rule.Minimum,
      OnHand: level.OnHand,
      To: rule.Tell.split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    });
  }
  return out;
}
