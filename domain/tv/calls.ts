import { z } from 'zod';
import { type Access, defineCall } from '../contract/call';
import { Text } from '../contract/fields';
import { tvRemoteFlags } from '../platform/routes';
import { DisplayCommand, DisplayID } from './display';

/** Who may point a TV at a board: the same flags as its screen, /manufacturing/tvremote. */
const remote: Access = { anyOf: tvRemoteFlags };

export const SendToDisplay = defineCall({
  method: 'POST',
  path: 'tv/SendToDisplay',
  summary:
    'Tells the TV showing this 6-digit code to open a TV board (a /tv/ address of the route table, with ?plant=N where the board takes it). Published on the public topic display:{DisplayID}; the TV goes there within a second, or when it comes back.',
  access: remote,
  payload: z.object({ DisplayID, Path: Text(120).trim().min(1) }),
  result: DisplayCommand,
});

export const tvCalls = [SendToDisplay] as const;
