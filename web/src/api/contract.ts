/**
 * The one door between the web client and the server's API contract (web/README.md "Types from the server"): the
 * request and answer types the client reads are the server's own zod schemas, taken here as types. A field renamed
 * on the server then fails the client's type check instead of reaching a page as `undefined`.
 *
 * Only `import type`: Vite erases these imports, so no server code is bundled (api/contract-door.test.ts fails on a
 * value import here, and on any web/src import from outside web/ that bypasses this door or lib/domain.ts).
 * `z.output` is what the handler builds and the serializer sends (docs/api.md "Answers").
 */
import type { z } from 'zod';
import type { accessGranted, accessStatus, codeSent, maskedPayoutMethod, newWithdrawalCode, payoutMethodView, requestedWithdrawal, staffWithdrawalView, withdrawalConfirmed, withdrawalView } from '../../../services/withdrawal/answers';
import type { adjustmentAnswerSchema, staffTransactionAnswerSchema, staffWalletDetailSchema, staffWalletRowSchema, transactionAnswerSchema, walletAnswerSchema } from '../../../services/wallet/schemas';
import type { cardFormatSchema, cardViewSchema, feeViewSchema } from '../../../services/payments/views';
import type { paymentStatusView } from '../../../services/payments/payment-status-route';
import type { cardPatchSchema, feeBodySchema, newCardSchema } from '../../../services/payments/schemas';
import type { addressAnswer, countryAnswer, divisionsAnswer, shippingCountryAnswer, shippingEstimateAnswer } from '../../../services/addresses/answers';
import type { addressBody } from '../../../services/addresses/address-routes';
import type { houseBankData, houseContactData, houseFees, houseSettings } from '../../../infra/config/house-settings';
import type { shippingInfoAnswer } from '../../../services/content/shipping-info';
import type { markedRead, notificationList, notificationView } from '../../../services/notifications/queries';
import type { addBody as keywordBody, keywordAnswer, keywordsAnswer } from '../../../services/alerts/keyword-routes';
import type { followBody } from '../../../services/alerts/item-routes';
import type { readBody } from '../../../services/notifications/routes';
import type { capBody } from '../../../services/spending-cap/routes';
import type { createBody as noteCreateBody, editBody as noteEditBody, noteAnswer } from '../../../services/account-area/lot-notes';
import type { valuationView } from '../../../services/valuation/views';
import type { spendingCapViewSchema } from '../../../services/spending-cap/view';
import type { currentUserAnswer, passwordChangedAnswer, signedInAnswer, socialSignedInAnswer, staffUserAnswer, userAnswer, wsTicketAnswer } from '../../../services/accounts/answers';
import type { emailSchema, feePaidSchema, loginSchema, resetConfirmSchema, setPasswordSchema, tokenSchema } from '../../../services/accounts/schemas';
import type { profileBody } from '../../../services/accounts/user-routes';
import type { socialProvidersAnswer } from '../../../services/accounts/social/client-settings';
import type { imageLinksSchema } from '../../../services/uploads/image-route';
import type { base64FileAnswer, messageAnswer, money } from '../../../infra/http/answers';
import type { withdrawBody } from '../../../services/withdrawal/withdrawal-routes';
import type { payOutBody, rejectBody } from '../../../services/withdrawal/staff-withdrawal-routes';
import type { methodBody } from '../../../services/withdrawal/payout-method-routes';
import type { codeBody } from '../../../services/withdrawal/access-routes';
import type { adjustmentBody, overdraftBody } from '../../../services/wallet/schemas';
import type { answerBody as valuationAnswerBody } from '../../../services/valuation/staff-routes';
import type { staffValuationView } from '../../../services/valuation/views';
import type { discountAnswer, draftCostsAnswer, lotCostsAnswer, orderSchema, ordersHistoryAnswer, staffOrderSchema, staffVoucherAnswer, storagePeriodAnswer, storedItemSchema, unpaidNoticeAnswer, wonItemSchema } from '../../../services/checkout/answer-schemas';
import type { discountBody, storagePeriodsBody } from '../../../services/checkout/checkout-routes';
import type { readBody as unpaidNoticeReadBody } from '../../../services/checkout/unpaid-notice';
import type { draftSchema } from '../../../services/checkout/draft-schema';
import type { createOrderSchema } from '../../../services/orders/create-order-schema';
import type { cancelledOwnOrderSchema, createdOrderSchema, staffOrderSchema as staffOrderChangedSchema, voucherSchema } from '../../../services/orders/answers';
import type { cancelBody, paymentBody, statusBody, voucherBody } from '../../../services/orders/staff-routes';
import type { lotMade, newItemsSubmitted, relistAnswer, sellRequestView, staffSellRequestView } from '../../../services/selling/views';
import type { consignItemBody, fromStorageBody, newItemsBody, receiveBody, relistBody, returnBody } from '../../../services/selling/schemas';
import type { collectionItemAnswer, collectionPageAnswer, graphAnswer, removedAnswer, totalAnswer } from '../../../services/collection/answers';
import type { addItemBody, priceBody, removeBody } from '../../../services/collection/input';
import type { articleDetailAnswer, articleListAnswer, articleSummaryAnswer } from '../../../services/content/article-views';
import type { likeAnswer, typesAnswer } from '../../../services/content/article-routes';
import type { articleBody, previewBody, uploadedAnswer } from '../../../services/content/article-staff-routes';
import type { CMS_FIELDS, cmsItemAnswer } from '../../../services/content/cms-routes';
import type { campaignDetailAnswer, campaignSummaryAnswer, emailPreviewAnswer } from '../../../services/content/newsletter-campaign-views';
import type { campaignBody } from '../../../services/content/newsletter-campaign-routes';
import type { lotAnswer, lotDetailAnswer, sellerLotAnswer, sellerLotPageAnswer, staffLotAnswer } from '../../../services/catalogue/lots/lot-answer';
import type { bidHistoryLineAnswer, caskRangesAnswer, filterCountersAnswer, historicalSaleAnswer, lotListingAnswer, lotsUpdatedDataAnswer, watchingChangeAnswer } from '../../../services/catalogue/lots/list-answers';
import type { auctionAnswer, auctionStatusSummaryAnswer, auctionYearsAnswer, bidIncrementAnswer, staffAuctionLotsAnswer, staffAuctionProgressAnswer } from '../../../services/catalogue/auctions/auction-answer';
import type { bidAnswerSchema, reserveAnswerSchema } from '../../../services/bidding/bid-answer';
import type { bidUpdate, lotUpdate } from '../../../services/live/messages';
import type { pageAnswer } from '../../../infra/http/pagination';
import type { LotPageData as LotPageBlock } from '../../../services/pages/lot-page-meta';
import type { suggestionSchema } from '../../../services/search/suggestions';
import type { editBody as lotEditBody, withdrawBody as lotWithdrawBody } from '../../../services/catalogue/routes/staff-lot-edits';
import type { featuredBody } from '../../../services/catalogue/routes/staff-lots';
import type { consignBody } from '../../../services/catalogue/lots/consign-input';
import type { createAuctionBody } from '../../../services/catalogue/routes/staff-auctions';
import type { staggerBody } from '../../../services/catalogue/routes/staff-auction-progress';
import type { scheduleBody } from '../../../services/catalogue/routes/staff-auction-schedule';
import type { bidBody, reserveBody } from '../../../services/bidding/schemas';
import type { dashboardAnswer } from '../../../services/account-area/answer-schemas';
import type { itemAnswer } from '../../../services/account-area/item-list';
import type { auditLotReplayAnswer, priceLogAnswer, walletReplayAnswer } from '../../../services/audit/answer-schemas';

type Out<S extends z.ZodType> = z.output<S>;
/** A request body as the client sends it (before the server's transforms and defaults). */
type In<S extends z.ZodType> = z.input<S>;

/**
 * `T` when each of its keys is a field of the body `Body` (else never): for a body the client builds as its own type,
 * `body satisfies KnownFields<MyBody, ServerBody>` fails the type check when the server renames a field.
 */
export type KnownFields<T, Body> = Exclude<keyof T, keyof Body> extends never ? T : never;

/** Every list's answer (docs/api.md): a page of `T` with the count, the page count and the neighbours' links. */
export type Page<T> = Out<ReturnType<typeof pageAnswer<z.ZodType<T>>>>;

// Money as the API sends it: pounds, a decimal string with two places ("125.00").
export type Money = Out<typeof money>;

/** `{"detail": "..."}`: what was done, written for people. */
export type Message = Out<typeof messageAnswer>;
/** A document as JSON: the file in base64, its name and its type. */
export type Base64File = Out<typeof base64FileAnswer>;

// Account
export type LoginBody = In<typeof loginSchema>;
export type TokenBody = In<typeof tokenSchema>;
export type EmailBody = In<typeof emailSchema>;
export type ResetConfirmBody = In<typeof resetConfirmSchema>;
export type SetPasswordBody = In<typeof setPasswordSchema>;
export type CurrentUser = Out<typeof currentUserAnswer>;
export type SignedIn = Out<typeof signedInAnswer>;
export type PasswordChanged = Out<typeof passwordChangedAnswer>;
export type SocialSignedIn = Out<typeof socialSignedInAnswer>;
export type SocialProviders = Out<typeof socialProvidersAnswer>;
export type WsTicket = Out<typeof wsTicketAnswer>;
export type StaffUser = Out<typeof staffUserAnswer>;
export type FeePaidBody = NonNullable<In<typeof feePaidSchema>>;
export type ProfileBody = In<typeof profileBody>;
export type UserView = Out<typeof userAnswer>;

// Wallet
export type Wallet = Out<typeof walletAnswerSchema>;
export type Transaction = Out<typeof transactionAnswerSchema>;
export type StaffTransaction = Out<typeof staffTransactionAnswerSchema>;
export type StaffWalletRow = Out<typeof staffWalletRowSchema>;
export type StaffWalletDetail = Out<typeof staffWalletDetailSchema>;
export type WalletAdjustment = Out<typeof adjustmentAnswerSchema>;
export type AdjustmentBody = In<typeof adjustmentBody>;
export type OverdraftBody = In<typeof overdraftBody>;

// Withdrawals and payout methods
export type PayoutMethod = Out<typeof payoutMethodView>;
export type PayoutChoice = Out<typeof maskedPayoutMethod>;
export type Withdrawal = Out<typeof withdrawalView>;
export type RequestedWithdrawal = Out<typeof requestedWithdrawal>;
export type WithdrawalConfirmed = Out<typeof withdrawalConfirmed>;
export type NewWithdrawalCode = Out<typeof newWithdrawalCode>;
export type StaffWithdrawal = Out<typeof staffWithdrawalView>;
export type CodeSent = Out<typeof codeSent>;
export type AccessGranted = Out<typeof accessGranted>;
export type AccessStatus = Out<typeof accessStatus>;
export type WithdrawBody = In<typeof withdrawBody>;
export type CodeBody = In<typeof codeBody>;
export type PayOutBody = In<typeof payOutBody>;
export type RejectBody = In<typeof rejectBody>;
export type PayoutMethodBody = In<typeof methodBody>;

// Cards and the registration fee
export type SavedCard = Out<typeof cardViewSchema>;
export type FeeStatus = Out<typeof feeViewSchema>;
export type CardFormat = Out<typeof cardFormatSchema>;
export type PaymentStatus = Out<typeof paymentStatusView>;
export type NewCardBody = In<ReturnType<typeof newCardSchema>>;
export type FeeBody = In<ReturnType<typeof feeBodySchema>>;
export type CardPatchBody = In<typeof cardPatchSchema>;

// Addresses
export type SavedAddress = Out<typeof addressAnswer>;
export type Country = Out<typeof countryAnswer>;
export type Division = Out<typeof divisionsAnswer>;
export type AddressBody = In<typeof addressBody>;

// House settings
export type HouseBankData = Out<typeof houseBankData>;
export type HouseContactData = Out<typeof houseContactData>;
export type HouseFees = Out<typeof houseFees>;
export type HouseSettings = Out<typeof houseSettings>;
export type ShippingInfo = Out<typeof shippingInfoAnswer>;

// Notifications, keywords, lot notes
export type NotificationView = Out<typeof notificationView>;
/** GET /api/user_notifications/: the newest `limit` and the count (no page links). */
export type NotificationList = Out<typeof notificationList>;
export type MarkedRead = Out<typeof markedRead>;
export type Keyword = Out<typeof keywordAnswer>;
/** GET /api/keyword/: offset paging (`limit`, `offset`), the count and the neighbours' links. */
export type KeywordList = Out<typeof keywordsAnswer>;
export type LotNote = Out<typeof noteAnswer>;
export type MarkReadBody = In<typeof readBody>;
export type KeywordBody = In<typeof keywordBody>;
export type FollowBody = In<typeof followBody>;
export type NoteCreateBody = In<typeof noteCreateBody>;
export type NoteEditBody = In<typeof noteEditBody>;

// The account area's dashboard and the catalogue item search (docs/account-area.md)
/** GET /api/dashboard_lots/{current_auction,most_recent_auction}/: the caller's lots in one auction, with the counts. */
export type DashboardLots = Out<typeof dashboardAnswer>;
/** A row of GET /api/item_list/: a lot's bottle or cask, to add to the collection. */
export type CatalogueItem = Out<typeof itemAnswer>;

// Audit (docs/audit.md)
export type PriceLog = Out<typeof priceLogAnswer>;
export type LotAudit = Out<typeof auditLotReplayAnswer>;
export type WalletReplay = Out<typeof walletReplayAnswer>;

// Valuations
export type Valuation = Out<typeof valuationView>;
export type StaffValuation = Out<typeof staffValuationView>;
export type ValuationAnswerBody = In<typeof valuationAnswerBody>;
export type ImageLinks = Out<typeof imageLinksSchema>;

// Spending cap
export type SpendingCapView = Out<typeof spendingCapViewSchema>;
export type CapBody = In<typeof capBody>;

// Checkout and orders
export type WonItem = Out<typeof wonItemSchema>;
export type StoredItem = Out<typeof storedItemSchema>;
export type StorageOption = Out<typeof storagePeriodAnswer>;
export type Discount = Out<typeof discountAnswer>;
export type DraftCosts = Out<typeof draftCostsAnswer>;
export type CreatedOrder = Out<typeof createdOrderSchema>;
export type CancelledOrder = Out<typeof cancelledOwnOrderSchema>;
export type Order = Out<typeof orderSchema>;
export type OrdersHistory = Out<typeof ordersHistoryAnswer>;
export type UnpaidNotice = Out<typeof unpaidNoticeAnswer>;
export type DraftInput = In<typeof draftSchema>;
export type CreateOrderInput = In<ReturnType<typeof createOrderSchema>>;
export type StoragePeriodsBody = In<typeof storagePeriodsBody>;
export type DiscountBody = In<typeof discountBody>;
export type UnpaidNoticeReadBody = In<typeof unpaidNoticeReadBody>;
export type PaymentReceivedBody = In<typeof paymentBody>;
export type OrderStatusBody = In<typeof statusBody>;
export type CancelOrderBody = In<typeof cancelBody>;
export type VoucherInput = In<typeof voucherBody>;
/** A row of GET /api/staff/orders/. */
export type StaffOrderRow = Out<typeof staffOrderSchema>;
/** The staff order calls' answer: the order as it now stands. */
export type StaffOrderChanged = Out<typeof staffOrderChangedSchema>;
export type StaffVoucher = Out<typeof staffVoucherAnswer>;
export type VoucherIssued = Out<typeof voucherSchema>;

// Sell requests
export type SellRequest = Out<typeof sellRequestView>;
export type StaffSellRequest = Out<typeof staffSellRequestView>;
export type NewItemsSubmitted = Out<typeof newItemsSubmitted>;
export type Relisted = Out<typeof relistAnswer>;
/** A staff action that makes a lot (consign an item, relist a lot). */
export type LotMade = Out<typeof lotMade>;
export type NewItemsBody = In<typeof newItemsBody>;
export type FromStorageBody = In<typeof fromStorageBody>;
export type ReceiveItemBody = In<typeof receiveBody>;
export type ConsignItemBody = In<typeof consignItemBody>;
export type RelistBody = In<typeof relistBody>;
export type ReturnLotBody = In<typeof returnBody>;

// Collection
export type CollectionItem = Out<typeof collectionItemAnswer>;
export type CollectionPage = Out<typeof collectionPageAnswer>;
export type CollectionRemoved = Out<typeof removedAnswer>;
export type CollectionTotal = Out<typeof totalAnswer>;
export type CollectionGraph = Out<typeof graphAnswer>;
export type AddItemBody = In<typeof addItemBody>;
export type PriceBody = In<typeof priceBody>;
export type RemoveBody = In<typeof removeBody>;

// Content
export type ArticleSummary = Out<typeof articleSummaryAnswer>;
export type ArticleDetail = Out<typeof articleDetailAnswer>;
export type ArticlePage = Out<typeof articleListAnswer>;
export type ArticleTypes = Out<typeof typesAnswer>;
export type ArticleLike = Out<typeof likeAnswer>;
export type ArticleBody = In<typeof articleBody>;
export type ArticlePreviewBody = In<typeof previewBody>;
export type UploadedImage = Out<typeof uploadedAnswer>;
export type CmsItemAnswer = Out<typeof cmsItemAnswer>;
/** GET /api/about_us/: one of the house's people (a CMS entry with its kind's fields). */
export type AboutUsPerson = CmsItemAnswer & Out<(typeof CMS_FIELDS)['about_us']>;
export type Campaign = Out<typeof campaignSummaryAnswer>;
export type CampaignDetail = Out<typeof campaignDetailAnswer>;
export type EmailPreview = Out<typeof emailPreviewAnswer>;
export type CampaignBody = In<typeof campaignBody>;

// A lot's costs and shipping (the lot page)
export type LotCosts = Out<typeof lotCostsAnswer>;
export type ShippingCountry = Out<typeof shippingCountryAnswer>;
export type ShippingEstimate = Out<typeof shippingEstimateAnswer>;

// Lots, auctions, bids (docs/api.md "Lots, auctions, bids")
export type LotAnswer = Out<typeof lotAnswer>;
export type LotDetail = Out<typeof lotDetailAnswer>;
/** The lot page's HTML data block (web/src/state/page-data.ts): the type its server writer declares, `LotDetail` today. */
export type LotPageData = LotPageBlock;
export type StaffLot = Out<typeof staffLotAnswer>;
export type SellerLot = Out<typeof sellerLotAnswer>;
export type SellerLotPage = Out<typeof sellerLotPageAnswer>;
export type LotListing = Out<typeof lotListingAnswer>;
export type FilterCounters = Out<typeof filterCountersAnswer>;
export type CaskRanges = Out<typeof caskRangesAnswer>;
export type LotsUpdatedData = Out<typeof lotsUpdatedDataAnswer>;
export type BidHistoryLine = Out<typeof bidHistoryLineAnswer>;
export type HistoricalSale = Out<typeof historicalSaleAnswer>;
export type WatchingChange = Out<typeof watchingChangeAnswer>;
export type Auction = Out<typeof auctionAnswer>;
export type AuctionStatusSummary = Out<typeof auctionStatusSummaryAnswer>;
export type BidIncrement = Out<typeof bidIncrementAnswer>;
export type AuctionYears = Out<typeof auctionYearsAnswer>;
export type StaffAuctionLots = Out<typeof staffAuctionLotsAnswer>;
export type StaffAuctionProgress = Out<typeof staffAuctionProgressAnswer>;
export type BidPlaced = Out<typeof bidAnswerSchema>;
export type ReserveChanged = Out<typeof reserveAnswerSchema>;
/** The live channel's public lot update and private bid update (docs/api.md "Live channels"): no zod schema, the builders' own types. */
export type LotUpdateMessage = ReturnType<typeof lotUpdate>;
export type BidUpdateMessage = ReturnType<typeof bidUpdate>;
export type BidBody = In<typeof bidBody>;
export type ReserveBody = In<typeof reserveBody>;
export type Suggestion = Out<typeof suggestionSchema>;

// The staff catalogue desk's bodies (docs/staff-api.md "Staff back office")
export type LotEditBody = In<typeof lotEditBody>;
export type LotWithdrawBody = In<typeof lotWithdrawBody>;
export type FeaturedBody = In<typeof featuredBody>;
export type ConsignBody = In<typeof consignBody>;
export type CreateAuctionBody = In<typeof createAuctionBody>;
export type StaggerBody = In<typeof staggerBody>;
export type ScheduleBody = In<typeof scheduleBody>;
