import { Pagination } from '@mantine/core';

/** Pages of a list, every control named for screen readers ("Previous page", "Page 3"). */
export function Pager({
  page,
  total,
  onChange,
}: {
  page: number;
  total: number;
  onChange: (page: number) => void;
}) {
  if (total <= 1) return null;
  const names = {
    first: 'First page',
    previous: 'Previous page',
    next: 'Next page',
    last: 'Last page',
  } as const;
  return (
    <Pagination
      value={page}
      total={total}
      onChange={onChange}
      mx="auto"
      getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      getControlProps={(control) => ({ 'aria-label': names[control] })}
    />
  );
}
