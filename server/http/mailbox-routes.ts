import { listMessages } from '../auth/mailbox.ts';
import type { BackendContext } from '../backend-context.ts';
import type { ApiRequest, ApiResponse } from './api-request.ts';
import { jsonResponse } from './api-request.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** GET /mailbox (a page) and GET /mailbox/messages?to=<address> (JSON, newest first). */
export async function routeMailbox(ctx: BackendContext, request: ApiRequest): Promise<ApiResponse> {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return jsonResponse(405, { code: 'method_not_allowed', message: 'Method not allowed' });
  const to = request.url.searchParams.get('to') ?? undefined;
  const messages = await listMessages(ctx.db, to?.trim() || undefined);
  if (request.path === '/messages') {
    return jsonResponse(
      200,
      messages.map((m) => ({
        id: m.id,
        recipient: m.recipient,
        subject: m.subject,
        text: m.text,
        action_link: m.action_link,
        code: m.code,
        token_hash: m.token_hash,
        type: m.type,
        created_at: m.created_at,
      })),
    );
  }
  if (request.path !== '' && request.path !== '/')
    return jsonResponse(404, { code: 'not_found', message: 'Not found' });
  const items = messages
    .map(
      (
        m,
      ) => `<article><h2>${escapeHtml(m.subject)}</h2><p>To <b>${escapeHtml(m.recipient)}</b> · ${escapeHtml(m.created_at)}${m.code ? ` · code <code>${escapeHtml(m.code)}</code>` : ''}</p>
<pre>${escapeHtml(m.text)}</pre>${m.action_link ? `<p><a href="${escapeHtml(m.action_link)}">Open the link</a></p>` : ''}</article>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Murmur mailbox</title>
<style>body{font:15px system-ui;margin:2rem auto;max-width:48rem;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:.5rem 0}pre{white-space:pre-wrap}</style>
<h1>Development mailbox</h1><form><label>Recipient <input name="to" value="${escapeHtml(to ?? '')}"></label> <button>Filter</button></form>
${items || '<p>No messages yet.</p>'}</html>`;
  return {
    status: 200,
    body: html,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  };
}
