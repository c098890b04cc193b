-- toolkits, tools, functions, server attachments (issue 3). Filled in by that feature; an empty statement keeps numbering stable.
SELECT 1;
