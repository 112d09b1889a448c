import type { UserSettings } from '../../../db/entities/user-settings.ts';

type KeysOfType<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T];

export type BooleanSettingKey = KeysOfType<UserSettings, boolean>;
export type StringSettingKey = Exclude<KeysOfType<UserSettings, string>, 'id'>;
export type ExpandedSettingKey = Extract<BooleanSettingKey, `${string}_expanded`>;
