import { z } from 'zod';
import { defineCall } from '../contract/call';

/**
 * The order header that /pm/order/{orderNum} loads before its tabs open (spec 000 §2.3, "PM Order
 * Loading"). The spec does not show the order-specific calls; this is the smallest model the shell
 * needs, and the orders area (spec 001 orders) extends it.
 */
export const OrderHeader = z.object({
  OrderNum: z.number().int(),
  CustomerName: z.string(),
  ProjectDescription: z.string(),
  PlantID: z.number().int(),
});
export type OrderHeader = z.infer<typeof OrderHeader>;

/** Spec 001 §5 and §9: orders load only when the order number is exactly 6 characters long. */
export const ORDER_NUMBER_LENGTH = 6;

export const GetOrderHeader = defineCall({
  method: 'GET',
  path: 'pm/GetOrderHeader',
  summary: 'One order: number, customer, project description and plant. Sorry when there is no such order.',
  access: { anyOf: ['accessPm', 'projectManagement', 'viewAllProjects'] },
  payload: z.object({
    OrderNum: z
      .number()
      .int()
      .refine((n) => String(n).length === ORDER_NUMBER_LENGTH, {
        message: `OrderNum must be ${ORDER_NUMBER_LENGTH} digits long`,
      }),
  }),
  result: OrderHeader,
});

export const orderCalls = [GetOrderHeader] as const;
