-- Intro's shortcuts (web/GetMyWork) read one employee's recent page views on every start page.
CREATE INDEX page_views_employee_viewed ON page_views (employee_id, viewed_at);
