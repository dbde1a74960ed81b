-- Places the tables on a Citus cluster (decision 0047), after the migrations, when the database has the citus
-- extension; elsewhere, and when every table is already placed, it does nothing. Run by runMigrations at every start.
--   - reference tables (a copy on every node): the shared lists (no organization_id), organizations (read by every
--     sign-in before an organisation is chosen) and accounting_entries (the shared chart and each organisation's own
--     accounts, which eight tenant tables name by id alone);
--   - distributed by organization_id, all in one colocation group: every other table with an organization_id;
--   - left on the coordinator (Citus makes them "local" tables when their foreign keys come back): emails, jobs and
--     audit_events, whose rows may belong to no organisation (a person's mail, the platform's jobs and audit); and the
--     sign-in's tables that requests write (sessions, api_tokens, rate_limits, login_throttles, known_devices,
--     two_factor_pending_logins), which no worker reads.
-- Citus cannot distribute a table that a foreign key ties to a local one, so the foreign keys touching the tables to
-- place are dropped first and re-created last, by their own definitions.
do $distribute$
declare
  -- The sign-in's tables are written by requests (a session touched, a token's last use, a rate-limit hit): as
  -- reference tables every such write would lock the table on every node.
  local_tables constant text[] := array['emails', 'jobs', 'audit_events', 'sessions', 'api_tokens', 'rate_limits',
    'login_throttles', 'known_devices', 'two_factor_pending_logins'];
  reference_with_organization constant text[] := array['organizations', 'accounting_entries'];
  unplaced text[];
  fk record;
  saved jsonb := '[]'::jsonb;
  tenant text;
  colocated text := null;
begin
  if not exists (select 1 from pg_extension where extname = 'citus') then
    return;
  end if;

  select coalesce(array_agg(c.relname::text order by c.relname), '{}') into unplaced
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p')
    and not exists (select 1 from pg_dist_partition p where p.logicalrelid = c.oid);
  if cardinality(unplaced) = 0 or unplaced <@ local_tables then
    return;
  end if;

  -- The commit check (ledger_refuse_unposted) and the audit and cash-journal triggers read their own row and the
  -- organizations reference table only: safe on a shard.
  perform set_config('citus.enable_unsafe_triggers', 'on', true);
  perform set_config('citus.multi_shard_modify_mode', 'sequential', true);

  for fk in
    select con.conrelid::regclass::text as source, con.conname, pg_get_constraintdef(con.oid) as definition
    from pg_constraint con
    where con.contype = 'f'
      and (con.conrelid::regclass::text = any(unplaced) or con.confrelid::regclass::text = any(unplaced))
    order by con.conrelid::regclass::text, con.conname
  loop
    saved := saved || jsonb_build_object('source', fk.source, 'name', fk.conname, 'definition', fk.definition);
    execute format('alter table %I drop constraint %I', fk.source, fk.conname);
  end loop;

  for tenant in
    select u.name from unnest(unplaced) as u(name)
    where u.name <> all(local_tables)
      and (u.name = any(reference_with_organization) or not exists (select 1 from information_schema.columns col
        where col.table_schema = 'public' and col.table_name = u.name and col.column_name = 'organization_id'))
  loop
    perform create_reference_table(tenant::regclass);
  end loop;

  -- Joins the group of the tables placed by an earlier run, if any.
  select p.logicalrelid::regclass::text into colocated
  from pg_dist_partition p where p.partmethod = 'h' order by p.logicalrelid::regclass::text limit 1;
  for tenant in
    select u.name from unnest(unplaced) as u(name)
    where u.name <> all(local_tables) and u.name <> all(reference_with_organization)
      and exists (select 1 from information_schema.columns col
        where col.table_schema = 'public' and col.table_name = u.name and col.column_name = 'organization_id')
  loop
    perform create_distributed_table(tenant::regclass, 'organization_id', colocate_with => coalesce(colocated, 'default'));
    colocated := coalesce(colocated, tenant);
  end loop;

  for fk in select * from jsonb_to_recordset(saved) as s(source text, name text, definition text) loop
    execute format('alter table %I add constraint %I %s', fk.source, fk.name, fk.definition);
  end loop;
end
$distribute$;

-- The coordinator keeps its connections to the workers open between transactions. Citus keeps one per worker by
-- default and opens the others anew for each transaction: measured by the soak on one machine, 60 % of the CPU went
-- to system time, and a request in two out of three waited on it. Set once, at the database's level (it reaches the
-- connections opened after it), and never over a value the administrator chose; a role that may not alter the
-- database leaves it as it is (README).
do $connections$
begin
  if not exists (select 1 from pg_extension where extname = 'citus')
    or exists (select 1 from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase
      where d.datname = current_database() and s.setrole = 0
        and exists (select 1 from unnest(s.setconfig) c where c like 'citus.max_cached_conns_per_worker=%')) then
    return;
  end if;
  execute format('alter database %I set citus.max_cached_conns_per_worker = 16', current_database());
exception when insufficient_privilege then
  raise notice 'citus.max_cached_conns_per_worker left as it is: %', sqlerrm;
end
$connections$;
