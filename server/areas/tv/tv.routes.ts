import { boardItemChange } from '../../../domain/live/board-items';
import { SendToDisplay } from '../../../domain/tv/calls';
import {
  DISPLAY_KIND,
  type DisplayCommand,
  displayTopic,
  tvBoardPathProblem,
} from '../../../domain/tv/display';
import { invalid } from '../../rpc/errors';
import type { CallRegistry } from '../../rpc/registry';

/**
 * The TV remote (domain/tv): no table of its own. The command is the topic's one item, kept by the
 * change log, so a TV that was off when it was sent pulls it when it comes back.
 */
export function registerTvCalls(
  registry: CallRegistry,
  clock: () => string = () => new Date().toISOString(),
): void {
  registry.handle(SendToDisplay, async (ctx) => {
    const problem = tvBoardPathProblem(ctx.payload.Path);
    if (problem) throw invalid(`Path: ${problem}`);
    const command: DisplayCommand = {
      DisplayID: ctx.payload.DisplayID,
      Path: ctx.payload.Path,
      SentBy: ctx.user!.name,
      SentAt: clock(),
    };
    ctx.publish(
      boardItemChange(displayTopic(command.DisplayID), DISPLAY_KIND, command.DisplayID, null, command),
    );
    return command;
  });
}
