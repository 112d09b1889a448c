// start-trial: one free trial per email address, ever (product spec §3–§4, issue 8).
import { adminClient, needsSecondStep, requestUser, SECOND_STEP_MESSAGE } from '../_shared/clients.ts';
import { corsHeaders, json, refuse } from '../_shared/http.ts';
import { TRIAL_DAYS } from '../_shared/billing.ts';

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (request.method !== 'POST') return refuse(405, 'method_not_allowed', 'Use POST.');
  const user = await requestUser(request);
  if (!user?.email) return refuse(401, 'not_signed_in', 'Sign in to start a trial.');
  if (needsSecondStep(request, user)) return refuse(403, 'aal2_required', SECOND_STEP_MESSAGE);
  const email = user.email.toLowerCase();
  const admin = adminClient();

  // The unique email in trial_usage is the guard: a second start, even a concurrent one, fails here.
  const { error: usageError } = await admin.from('trial_usage').insert({ email, user_id: user.id });
  if (usageError) {
    if (usageError.code === '23505')
      return refuse(409, 'trial_already_used', 'This email address has already had its free trial.');
    console.error('start-trial: recording the trial failed', usageError.message);
    return refuse(500, 'trial_failed', 'The trial could not be started. Please try again.');
  }
  const trialEndsAt = new Date(Date.now() + TRIAL_DAYS * 86_400_000).toISOString();
  // A user with a row (say a lapsed subscription) keeps its status; a new row starts as trialing.
  const { data: existing } = await admin
    .from('subscriptions')
    .select('status')
    .eq('user_id', user.id)
    .maybeSingle();
  const { error } = existing
    ? await admin.from('subscriptions').update({ trial_ends_at: trialEndsAt }).eq('user_id', user.id)
    : await admin
        .from('subscriptions')
        .insert({ id: user.id, user_id: user.id, status: 'trialing', trial_ends_at: trialEndsAt });
  if (error) {
    console.error('start-trial: saving the trial failed', error.message);
    await admin.from('trial_usage').delete().eq('email', email);
    return refuse(500, 'trial_failed', 'The trial could not be started. Please try again.');
  }
  return json(200, { trial_ends_at: trialEndsAt, trial_days: TRIAL_DAYS });
});
