// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { bareSpecifier } from './npm-specifier-hooks.ts';

describe('npm: specifiers of Edge Functions', () => {
  it('map to the installed package, keeping scope and subpath', () => {
    expect(bareSpecifier('npm:stripe@23.1.0')).toBe('stripe');
    expect(bareSpecifier('npm:stripe')).toBe('stripe');
    expect(bareSpecifier('npm:@supabase/supabase-js@2.119.1')).toBe('@supabase/supabase-js');
    expect(bareSpecifier('npm:@supabase/supabase-js@2/dist/module/index.js')).toBe(
      '@supabase/supabase-js/dist/module/index.js',
    );
    expect(bareSpecifier('npm:/zod@4/mini')).toBe('zod/mini');
  });
});
