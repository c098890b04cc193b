-- subscriptions, webhook outbox and deliveries (issue 6). Filled in by that feature; an empty statement keeps numbering stable.
SELECT 1;
