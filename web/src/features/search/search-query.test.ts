import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { countersQuery, defaultSearchFilters, searchQuery, suggestionsQuery, toggleSelected } from './search-query';

test('the search query carries paging, ordering, the switches and repeated filter keys', () => {
  let filters = { ...defaultSearchFilters(), sold: true, strict: true };
  filters = toggleSelected(toggleSelected(filters, 'distillery', 'Ardbeg'), 'distillery', 'Springbank');
  const q = new URLSearchParams(searchQuery({ term: 'islay 10', filters, ordering: 'relevance', pageSize: 40, currentPage: 2 }));
  assert.is(q.get('page'), '2');
  assert.is(q.get('page_size'), '40');
  assert.is(q.get('ordering'), 'relevance');
  assert.is(q.get('search'), 'islay 10');
  assert.is(q.get('sold_lot'), 'true');
  assert.is(q.get('strict_search'), 'true');
  assert.is(q.get('live_lot'), null);
  assert.equal(q.getAll('distillery'), ['Ardbeg', 'Springbank']);
  assert.equal(toggleSelected(filters, 'distillery', 'Ardbeg').selected.distillery, ['Springbank']);
});

test('counters leave paging out; suggestions name the switches is_sold and is_live', () => {
  const f = { ...defaultSearchFilters(), live: true };
  assert.is(countersQuery({ term: 'mac', filters: f }), 'search=mac&live_lot=true');
  assert.is(suggestionsQuery(' springb ', { ...f, sold: true }), 'search=springb&is_sold=true&is_live=true');
});

test.run();
