-- Row-level security (decision 0048), after the migrations (and the Citus placement), at every start, on every engine.
-- Work done in one organisation runs as the role carnet_app, which is neither owner nor superuser nor BYPASSRLS:
-- every transaction of it says its organisation (`set local carnet.organization_id`, db/tenant-scope.ts) and a
-- policy on every table with an organization_id lets it see and write that organisation's rows only. Migrations, the
-- jobs and what runs before an organisation is known (sign-in, public links by token, providers' webhooks) keep the
-- connection's own role.
--   - accounting_entries: the shared chart (no organisation) is read by all, written by none;
--   - audit_events, emails, jobs: a row of no organisation (a person's mail, the platform's audit) may be written, not
--     read.
-- Idempotent and cheap once done: only what is missing is granted or created.
do $security$
declare
  app constant text := 'carnet_app';
  scoped constant text := 'organization_id = nullif(current_setting(''carnet.organization_id'', true), '''')::bigint';
  shared_read constant text[] := array['accounting_entries'];
  shared_write constant text[] := array['audit_events', 'emails', 'jobs'];
  target record;
begin
  -- On Citus one transaction may not change a reference table after distributed ones in parallel mode.
  if exists (select 1 from pg_extension where extname = 'citus') then
    perform set_config('citus.multi_shard_modify_mode', 'sequential', true);
  end if;
  if not exists (select 1 from pg_roles where rolname = app) then
    begin
      -- LOGIN: Citus opens the workers' connections as the role of the transaction.
      execute format('create role %I login nosuperuser nobypassrls nocreatedb nocreaterole', app);
    exception when duplicate_object or unique_violation then
      null; -- another database of this server made it at the same moment
    end;
  end if;
  if not pg_has_role(current_user, app, 'member') then
    execute format('grant %I to %I', app, current_user);
  end if;
  if not has_schema_privilege(app, 'public', 'usage') then
    execute format('grant usage on schema public to %I', app);
  end if;

  for target in
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and not has_table_privilege(app, c.oid, 'select, insert, update, delete')
  loop
    execute format('grant select, insert, update, delete on table %I to %I', target.relname, app);
  end loop;
  for target in
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public'
      -- has_sequence_privilege refuses any other relation, and a WHERE's order is the planner's
      and case when c.relkind = 'S' then not has_sequence_privilege(app, c.oid, 'usage') else false end
  loop
    execute format('grant usage, select on sequence %I to %I', target.relname, app);
  end loop;

  for target in
    select c.relname, c.relrowsecurity as enabled,
      exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = 'organization_rows') as has_policy
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'organization_id'
        and not a.attisdropped)
  loop
    if not target.has_policy then
      if target.relname = any(shared_read) then
        execute format('create policy organization_rows on %I to %I using (organization_id is null or %s) with check (%s)',
          target.relname, app, scoped, scoped);
      elsif target.relname = any(shared_write) then
        execute format('create policy organization_rows on %I to %I using (%s) with check (organization_id is null or %s)',
          target.relname, app, scoped, scoped);
      else
        execute format('create policy organization_rows on %I to %I using (%s) with check (%s)',
          target.relname, app, scoped, scoped);
      end if;
    end if;
    if not target.enabled then
      execute format('alter table %I enable row level security', target.relname);
    end if;
  end loop;
end
$security$;
