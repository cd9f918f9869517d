/** The user's wallet: balances, transactions by type, and a PDF receipt of one transaction. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import { answers, base64FileAnswer } from '../../infra/http/answers';
import { pageAnswer, paginate } from '../../infra/http/pagination';
import { pdfFile } from '../../infra/documents/pdf';
import { NotFound } from '../../domain/shared/errors';
import { walletAnswer, walletView } from './wallet-commands';
import { findTransaction, listTransactions, transactionAnswer } from './transactions';
import { receiptNumber, renderReceiptPdf } from './receipt-pdf';
import { pageQuery, transactionAnswerSchema, transactionParams, transactionsParams, walletAnswerSchema } from './schemas';

export function walletRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/user_wallet/', { schema: { summary: "The user's wallet balances", response: answers({ 200: walletAnswerSchema }, 401) } }, async (request) => {
    const user = requireUser(request);
    return walletAnswer(await walletView(ctx, user.id));
  });

  app.get('/api/transactions/:type/', { schema: { summary: 'Wallet transactions of one type', params: transactionsParams, querystring: pageQuery, response: answers({ 200: pageAnswer(transactionAnswerSchema) }, 400, 401) } }, async (request) => {
    const user = requireUser(request);
    const { type } = request.params;
    const q = request.query;
    const { rows, count } = await listTransactions(ctx, user.id, type, q.page, q.page_size);
    return paginate(rows.map(transactionAnswer), count, q.page, q.page_size, request.url);
  });

  app.get('/api/transactions/:id/receipt_pdf/', { schema: { summary: 'PDF receipt of one transaction (base64)', params: transactionParams, response: answers({ 200: base64FileAnswer }, 401, 404) } }, async (request) => {
    const user = requireUser(request);
    const { id } = request.params;
    const row = await findTransaction(ctx, user.id, id);
    if (!row) throw new NotFound();
    const customer = await ctx.db.selectFrom('users').select(['first_name', 'last_name', 'email']).where('id', '=', user.id).executeTakeFirst();
    if (!customer) throw new NotFound();
    const pdf = await renderReceiptPdf(row, customer);
    return pdfFile(pdf, `receipt-${receiptNumber(row)}.pdf`);
  });
}
