// What other features may use from this one (decision 025): the reviewer's comments on single items, for the
// course editor to show beside the items they are about (decision 045).
export { itemCommentsQuery, useItemComments } from './approval-api';
export { type ItemCommentSlot, ItemReviewComment } from './item-review-comment';
