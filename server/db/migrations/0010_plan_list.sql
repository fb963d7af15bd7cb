-- The production plan list (web/GetProductionPlanList): pages ordered by due date then job number, of
-- one plant or of all, so a page reads in index order instead of sorting every job.
CREATE INDEX jobs_plant_due ON jobs (plant_id, due_date, job_number);
CREATE INDEX jobs_due ON jobs (due_date, job_number);
-- Machine rates are read per machine without the deleted ones.
CREATE INDEX machine_rates_resource_live ON machine_rates (resource_id, machine_rate_id) WHERE NOT deleted;
-- Workcenter machines are listed per workcenter.
CREATE INDEX resources_workcenter ON resources (workcenter_id);
