MATCH (p:Paper) WHERE p.split = 'test'
WITH p.class AS class, count(*) AS nodes, avg(CASE WHEN p.predictedClass = p.class THEN 1.0 ELSE 0.0 END) AS recall
RETURN count(class) AS classes, sum(nodes) AS testNodes, round(100 * avg(recall), 2) AS testBalancedAccuracy;
