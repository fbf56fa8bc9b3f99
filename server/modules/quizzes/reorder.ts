/**
 * Moves one item to `position` (clamped to the end) and numbers the list 0..n-1, like the FAQ does.
 * Answers only the items whose position changes, so the caller writes as little as possible.
 */
export function placeAt(
  ordered: readonly { id: string; position: number }[],
  movedId: string,
  position: number,
): { id: string; position: number }[] {
  const order = ordered.filter((item) => item.id !== movedId);
  order.splice(Math.min(position, order.length), 0, { id: movedId, position: -1 });
  return order
    .map((item, index) => ({ id: item.id, position: index, was: item.position }))
    .filter((item) => item.was !== item.position)
    .map(({ id, position: index }) => ({ id, position: index }));
}
