import { DEFAULT_PAGE_SIZE } from '@/domain/paging';
import type { ListSearch } from '~/components/lists/list-search';

/** The page of dashboards the URL's `?q=…&page=…` (1-based) asks for. */
export const dashboardSearchInput = ({ page, q }: ListSearch) => ({ page: (page ?? 1) - 1, size: DEFAULT_PAGE_SIZE, ...(q ? { query: q } : {}) });
