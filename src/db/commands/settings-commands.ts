import { userSettingsPatchSchema, type UserSettingsPatch } from '../entities/user-settings.ts';
import { change, type CommandContext } from './command-context.ts';

/**
 * Settings are one row per user (id = user id). A change queues only the fields it changed, so two
 * devices editing different settings both win (R19); the server fills in defaults for the rest.
 */
export function settingsCommands(ctx: CommandContext) {
  return {
    async updateSettings(patch: UserSettingsPatch): Promise<string[]> {
      return change(ctx, 'user_settings', ctx.db.userId, userSettingsPatchSchema.parse(patch));
    },
  };
}
