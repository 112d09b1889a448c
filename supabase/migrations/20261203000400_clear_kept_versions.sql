-- "Delete forever" (docs/sync.md R42) empties a purged note's words everywhere, including the versions
-- sync kept of them: a client may clear a conflict's losing_value on an existing conflict, as it may
-- resolve it.
update sync_private.tables
   set patchable = '{resolved_at,losing_value}'
 where table_name = 'conflicts';

select sync_private.generate_catalog_functions();
